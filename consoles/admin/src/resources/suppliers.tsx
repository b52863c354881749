import { useState, type MouseEvent } from 'react';
import {
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { countryChoices, labelOf, supplierStatusChoices } from '../choices';
import { httpClient } from '../dataProvider';
import { csvExporter, field } from '../exporter';

/**
 * Supplier applications (the join pages' form): operators list them by status, country and free text, read one,
 * approve it (the store is created and identity e-mails the seller's invitation) or reject it with a reason.
 * Both decisions are POSTs to /admin-api/supplier-applications/:id/approve|reject; a second decision is 409.
 */

const exporter = csvExporter('solicitudes-proveedores', [
  field('Id', 'id'),
  ['Estado', (r) => labelOf(supplierStatusChoices, r.status)],
  field('País', 'country'),
  field('Empresa', 'company'),
  field('NIT o RFC', 'tax_id'),
  field('Ciudad', 'city'),
  field('Contacto', 'contact_name'),
  field('Correo', 'email'),
  field('WhatsApp', 'whatsapp'),
  field('Qué vende', 'sells'),
  field('Recibida', 'created_at'),
  field('Motivo del rechazo', 'rejection_reason'),
]);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={supplierStatusChoices} alwaysOn />,
  <SelectInput key="country" source="country" choices={countryChoices} />,
];

function StatusChip() {
  const record = useRecordContext();
  if (!record) return null;
  const color = record.status === 'approved' ? 'success' : record.status === 'rejected' ? 'default' : 'warning';
  return <Chip size="small" color={color} label={labelOf(supplierStatusChoices, record.status)} />;
}

/** Approve and reject, for a pending application (operators only). */
function ReviewButtons() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'supplier-applications', action: 'edit' });
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'pending' || !canAccess) return null;
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    try {
      await httpClient(`/admin-api/supplier-applications/${encodeURIComponent(String(record.id))}/${decision}`, {
        method: 'POST',
        body: JSON.stringify(decision === 'reject' ? { reason } : {}),
      });
      notify(translate(decision === 'approve' ? 'tuerca.suppliers.approved' : 'tuerca.suppliers.rejected'), { type: 'success' });
      setDialog(null);
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <>
      <Button
        label="tuerca.suppliers.approve"
        onClick={(e) => {
          stop(e);
          setDialog('approve');
        }}
      >
        <CheckIcon />
      </Button>
      <Button
        label="tuerca.suppliers.reject"
        color="error"
        onClick={(e) => {
          stop(e);
          setDialog('reject');
        }}
      >
        <CloseIcon />
      </Button>
      <Dialog open={dialog === 'approve'} onClose={() => setDialog(null)} onClick={stop} aria-labelledby="approve-title">
        <DialogTitle id="approve-title">{translate('tuerca.suppliers.approveTitle', { company: record.company })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('tuerca.suppliers.approveDetail', { email: record.email })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setDialog(null)} />
          <Button label="tuerca.suppliers.approve" variant="contained" disabled={busy} onClick={() => void decide('approve')} />
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'reject'} onClose={() => setDialog(null)} onClick={stop} aria-labelledby="reject-title" fullWidth>
        <DialogTitle id="reject-title">{translate('tuerca.suppliers.rejectTitle', { company: record.company })}</DialogTitle>
        <DialogContent>
          <MuiTextField
            label={translate('tuerca.suppliers.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            required
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setDialog(null)} />
          <Button
            label="tuerca.suppliers.reject"
            color="error"
            variant="contained"
            disabled={busy || reason.trim().length < 3}
            onClick={() => void decide('reject')}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

export function SupplierApplicationList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'created_at', order: 'DESC' }} exporter={exporter}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="created_at" showTime locales="es-CO" />
        <TextField source="company" />
        <TextField source="tax_id" />
        <FunctionField source="country" render={(r: RaRecord) => labelOf(countryChoices, r.country)} />
        <TextField source="city" />
        <TextField source="contact_name" />
        <FunctionField source="status" render={() => <StatusChip />} />
        <ReviewButtons />
      </Datagrid>
    </List>
  );
}

export function SupplierApplicationShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ReviewButtons />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField source="status" render={() => <StatusChip />} />
        <TextField source="company" />
        <TextField source="tax_id" />
        <FunctionField source="country" render={(r: RaRecord) => labelOf(countryChoices, r.country)} />
        <TextField source="city" />
        <TextField source="contact_name" />
        <TextField source="email" />
        <TextField source="whatsapp" />
        <TextField source="sells" />
        <DateField source="created_at" showTime locales="es-CO" />
        <DateField source="reviewed_at" showTime locales="es-CO" emptyText="—" />
        <TextField source="rejection_reason" emptyText="—" />
        <TextField source="store_id" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
