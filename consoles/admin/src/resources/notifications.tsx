import { useState } from 'react';
import {
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  ListButton,
  ReferenceField,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { labelOf, notificationChannelChoices, notificationStatusChoices, notificationTemplateChoices } from '../choices';
import { csvExporter, field } from '../exporter';
import type { TuercaDataProvider } from '../dataProvider';
import { StoreField, StoreInput, UserInput } from '../pickers';

const STATUS_COLOR: Record<string, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'info',
  sent: 'success',
  failed: 'error',
  skipped: 'warning',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={notificationStatusChoices} alwaysOn />,
  <SelectInput key="channel" source="channel" choices={notificationChannelChoices} alwaysOn />,
  <SelectInput key="template" source="template" choices={notificationTemplateChoices} />,
  <StoreInput key="store_id" source="store_id" />,
  <UserInput key="user_id" source="user_id" />,
];

const exporter = csvExporter('notificaciones', [
  field('Id', 'id'),
  field('Creada', 'created_at'),
  ['Canal', (r) => labelOf(notificationChannelChoices, r.channel)],
  field('Destinatario', 'recipient'),
  ['Plantilla', (r) => labelOf(notificationTemplateChoices, r.template)],
  ['Estado', (r) => labelOf(notificationStatusChoices, r.status)],
  field('Intentos', 'attempts'),
  field('Último error', 'last_error'),
  field('Texto', 'text'),
  field('Evento', 'event_type'),
  field('Id del evento', 'event_id'),
  field('Tienda', 'store_id'),
  field('Persona', 'user_id'),
  field('Cotización', 'quotation_id'),
  field('Enviada', 'sent_at'),
]);

function StatusChip(_: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[String(record.status)] ?? 'default'}
      label={labelOf(notificationStatusChoices, record.status)}
      data-testid="notification-status"
    />
  );
}

/** «Reintentar»: a failed message goes back to the queue (POST /admin-api/notifications/:id/retry). Operators only. */
export function RetryButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TuercaDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'notifications', action: 'retry', record });
  const [isPending, setPending] = useState(false);
  const retry = async (id: string | number) => {
    setPending(true);
    try {
      await dataProvider.retry('notifications', { id });
      notify(translate('tuerca.notifications.retried'), { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  if (!record || record.status !== 'failed' || !canAccess) return null;
  return (
    <Button
      label="tuerca.notifications.retry"
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        void retry(record.id);
      }}
    >
      <ReplayIcon />
    </Button>
  );
}

/** How a message is named in titles: its template, in Spanish. */
export const notificationRepresentation = (r: RaRecord) => labelOf(notificationTemplateChoices, r.template);

export function NotificationList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={exporter} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="created_at" showTime locales="es-CO" />
        <FunctionField source="channel" render={(r: RaRecord) => labelOf(notificationChannelChoices, r.channel)} />
        <TextField source="recipient" emptyText="—" />
        <FunctionField source="template" render={(r: RaRecord) => labelOf(notificationTemplateChoices, r.template)} />
        <FunctionField
          source="text"
          sortable={false}
          render={(r: RaRecord) => (
            <Typography variant="body2" sx={{ maxWidth: 300, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {String(r.text ?? '')}
            </Typography>
          )}
        />
        <StatusChip source="status" />
        <NumberField source="attempts" />
        <FunctionField
          source="last_error"
          sortable={false}
          render={(r: RaRecord) => (
            <Typography variant="body2" sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {r.last_error ? String(r.last_error) : '—'}
            </Typography>
          )}
        />
        <RetryButton />
      </Datagrid>
    </List>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <RetryButton />
      <ListButton />
    </TopToolbar>
  );
}

export function NotificationShow() {
  const translate = useTranslate();
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <StatusChip source="status" label="resources.notifications.fields.status" />
        <FunctionField source="channel" render={(r: RaRecord) => labelOf(notificationChannelChoices, r.channel)} />
        <TextField source="recipient" emptyText={translate('tuerca.notifications.noRecipient')} />
        <FunctionField source="template" render={(r: RaRecord) => labelOf(notificationTemplateChoices, r.template)} />
        <FunctionField
          source="text"
          render={(r: RaRecord) => (
            <Box
              data-testid="notification-text"
              sx={{ whiteSpace: 'pre-wrap', p: 1.5, bgcolor: 'grey.100', borderRadius: 1, maxWidth: 720, fontFamily: 'inherit' }}
            >
              {String(r.text ?? '')}
            </Box>
          )}
        />
        <NumberField source="attempts" />
        <TextField source="last_error" emptyText="—" />
        <TextField source="event_type" />
        <TextField source="event_id" />
        <StoreField source="store_id" />
        <ReferenceField source="user_id" reference="users" link="show" emptyText="—">
          <TextField source="email" />
        </ReferenceField>
        <TextField source="quotation_id" emptyText="—" />
        <DateField source="created_at" showTime locales="es-CO" />
        <DateField source="updated_at" showTime locales="es-CO" />
        <DateField source="dispatched_at" showTime locales="es-CO" emptyText="—" />
        <DateField source="sent_at" showTime locales="es-CO" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
