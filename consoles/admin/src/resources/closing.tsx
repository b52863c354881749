import { useEffect, useRef, useState } from 'react';
import {
  AutocompleteInput,
  BooleanField,
  Button,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  Title,
  useCreatePath,
  useGetIdentity,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import {
  FOLLOW_UP_STATES,
  MANUAL_PAYMENT_TYPES,
  closingRoutes,
  formatCents,
  type AdminTransaction,
  type FollowUpState,
  type PaymentType,
  type ReturnView,
  type TransactionPaid,
} from '@tuerca/contracts';
import { es } from '../i18n/es';
import { labelOf } from '../choices';
import { StoreInput } from '../pickers';
import { isOperator, isStaff } from '../permissions';
import { useRouteMutation } from '../routes';

/**
 * Closing the sale in the operator console (issue #13): transactions (filters, show with lines, payments,
 * returns, notes and timeline), paid transactions with the reversal, returns, the adviser's queue. The
 * actions call the /api routes of `closingRoutes`; the API checks roles and stores again.
 */

const closing = (es as unknown as { tuerca: { closing: Record<string, Record<string, string>> } }).tuerca.closing;
const choicesOf = (group: string) => Object.entries(closing[group]!).map(([id, name]) => ({ id, name }));
export const transactionStateChoices = choicesOf('states');
const channelChoices = choicesOf('channels');
const followUpChoices = choicesOf('followUpStates');
const returnStateChoices = choicesOf('returnStates');
const sourceChoices = choicesOf('sources');
const paymentTypeChoices = choicesOf('paymentTypes');

const money = (cents: unknown, currency: unknown) => formatCents(Number(cents ?? 0), currency === 'MXN' ? 'MXN' : 'COP');
const STATE_COLOR: Record<string, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  awaiting_confirmation: 'warning',
  pending_payment: 'info',
  paid: 'success',
  cancelled: 'default',
  returned: 'error',
};

function StateChip({ state }: { state: string }) {
  return (
    <Chip
      size="small"
      color={STATE_COLOR[state] ?? 'default'}
      label={labelOf(transactionStateChoices, state)}
      data-testid="transaction-state"
    />
  );
}

function useRoles() {
  const { identity, isPending } = useGetIdentity();
  const roles = (identity?.roles as string[] | undefined) ?? [];
  return { roles, id: identity?.id as string | undefined, isPending };
}

/** After a write: react-admin's records and the wallet's indicators are read again. */
function useAfterWrite(message?: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return {
    onSuccess: (answer: { metadata?: { message?: string } }) => {
      notify(answer.metadata?.message ?? message ?? 'ra.notification.updated', { type: 'success' });
      void queryClient.invalidateQueries();
      refresh();
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  };
}

// ---- transactions ------------------------------------------------------------------------------

function transactionFilters(staff: boolean) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="state" source="state" choices={transactionStateChoices} alwaysOn />,
    ...(staff
      ? [
          <StoreInput key="storeId" source="storeId" />,
          <ReferenceInput key="adviserId" source="adviserId" reference="advisers">
            <AutocompleteInput optionText="email" filterToQuery={() => ({})} sx={{ minWidth: 240 }} />
          </ReferenceInput>,
        ]
      : []),
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
}

function TransactionColumns() {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" showTime locales="es-CO" />
      <TextField source="ref_venta" />
      <TextField source="storeName" />
      <TextField source="buyerName" emptyText="—" />
      <FunctionField source="state" render={(r: RaRecord) => <StateChip state={String(r.state)} />} />
      <FunctionField source="channel" sortable={false} render={(r: RaRecord) => labelOf(channelChoices, r.channel)} />
      <FunctionField source="total" render={(r: RaRecord) => money(r.amounts?.totalCents, r.currency)} />
      <ReferenceField source="adviserId" reference="advisers" link={false} emptyText="—" sortable={false}>
        <TextField source="email" />
      </ReferenceField>
      <BooleanField source="sellerUnread" sortable={false} />
    </Datagrid>
  );
}

export function TransactionList() {
  const { roles, isPending } = useRoles();
  if (isPending) return null;
  return (
    <List filters={transactionFilters(isStaff(roles))} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <TransactionColumns />
    </List>
  );
}

/** The adviser's queue: the transactions assigned to them (filter adviserId 'me'). */
export function AdviserQueue() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('tuerca.closing.queue')} />
      <Alert severity="info" sx={{ mt: 1 }}>
        {translate('tuerca.closing.queueHelp')}
      </Alert>
      <List resource="transactions" filter={{ adviserId: 'me' }} sort={{ field: 'updatedAt', order: 'DESC' }} exporter={false} title=" ">
        <TransactionColumns />
      </List>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

/** A section listing a transaction's items (payments, returns, notes), or saying there are none. */
function ListSection({ title, empty, testId, children }: { title: string; empty: string; testId?: string; children: React.ReactNode[] }) {
  return (
    <Section title={title}>
      {children.length ? (
        <Stack spacing={1} data-testid={testId}>
          {children}
        </Stack>
      ) : (
        <Typography variant="body2">{empty}</Typography>
      )}
    </Section>
  );
}

/**
 * The dialog behind an action: its title, its form, 'Cancelar' and the buttons that act. Clicks inside it stay
 * inside (the payment actions sit in list rows that open the transaction when clicked).
 */
function ActionDialog(props: {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  children: React.ReactNode;
  actions: { label: string; color?: 'error'; variant?: 'text' | 'contained'; disabled?: boolean; onClick: () => void }[];
  cancel?: boolean;
}) {
  const { open, onClose, title, children, actions, cancel = true } = props;
  return (
    <Dialog open={open} onClose={onClose} fullWidth onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        {cancel ? <Button label="ra.action.cancel" onClick={onClose} /> : null}
        {actions.map(({ label, color, variant = 'contained', disabled, onClick }) => (
          <Button key={label} label={label} color={color} variant={variant} disabled={disabled} onClick={onClick} />
        ))}
      </DialogActions>
    </Dialog>
  );
}

/** An instant as Colombian readers write it, in Bogotá's time. */
const when = (iso: string | Date) => new Date(iso).toLocaleString('es-CO', { timeZone: 'America/Bogota' });

function TransactionActions() {
  const record = useRecordContext<AdminTransaction & RaRecord>();
  const { roles, id } = useRoles();
  if (!record) return null;
  const storeSide = isOperator(roles) || roles.includes('seller') || roles.includes('store_admin');
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {storeSide && record.state === 'awaiting_confirmation' && <ConfirmOrderButtons record={record} />}
      {storeSide && record.state === 'pending_payment' && <RecordPaymentButton record={record} />}
      {storeSide && record.state === 'paid' && !record.deliveredAt && <MarkDeliveredButton record={record} />}
      {isOperator(roles) && <AssignAdviserButton record={record} />}
      {(isOperator(roles) || (roles.includes('adviser') && record.adviserId === id)) && <FollowUpButton record={record} />}
    </Stack>
  );
}

/**
 * Opening a transaction marks it read in the seller's wallet (the spec's `changeReadInWalletStatus (scenario,
 * isRead)`): its sale, and its return requests when one is unread. Only the store's own people: an operator
 * or an adviser reading it leaves the seller's marks alone.
 */
function MarkReadOnOpen() {
  const record = useRecordContext<AdminTransaction & RaRecord>();
  const { roles } = useRoles();
  const queryClient = useQueryClient();
  const done = useRef(new Set<string>());
  const mark = useRouteMutation(
    closingRoutes.changeReadInWallet,
    (v: { id: string; scenario: 'sales' | 'returns' }) => ({ params: { id: v.id }, body: { scenario: v.scenario, isRead: true } }),
    {
      onSuccess: () =>
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: ['GET', closingRoutes.walletIndicators.path] }),
          queryClient.invalidateQueries({ queryKey: ['transactions'] }),
          queryClient.invalidateQueries({ queryKey: ['transaction-returns'] }),
        ]),
    },
  );
  const { mutate } = mark;
  const seller = roles.includes('seller') || roles.includes('store_admin');
  const unreadSale = Boolean(record?.sellerUnread);
  const unreadReturn = Boolean(record?.returns.some((r) => r.sellerUnread));
  const id = record ? String(record.id) : '';
  useEffect(() => {
    if (!seller || !id) return;
    for (const [scenario, unread] of [
      ['sales', unreadSale],
      ['returns', unreadReturn],
    ] as const) {
      const key = `${id}:${scenario}`;
      if (unread && !done.current.has(key)) {
        done.current.add(key);
        mutate({ id, scenario });
      }
    }
  }, [seller, id, unreadSale, unreadReturn, mutate]);
  return null;
}

export function TransactionShow() {
  return (
    <Show>
      <MarkReadOnOpen />
      <SimpleShowLayout>
        <FunctionField
          label="resources.transactions.fields.ref_venta"
          render={(r: AdminTransaction & RaRecord) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" data-testid="transaction-ref">
                {r.ref_venta}
              </Typography>
              <StateChip state={r.state} />
              <Typography variant="body2">{labelOf(channelChoices, r.channel)}</Typography>
            </Stack>
          )}
        />
        <TransactionActions />
        <TextField source="storeName" />
        <TextField source="buyerName" emptyText="—" />
        <FunctionField source="total" render={(r: RaRecord) => money(r.amounts?.totalCents, r.currency)} />
        <FunctionField source="paidCents" render={(r: RaRecord) => money(r.paidCents, r.currency)} />
        <ReferenceField source="adviserId" reference="advisers" link={false} emptyText="—">
          <TextField source="email" />
        </ReferenceField>
        <FunctionField source="followUpState" render={(r: RaRecord) => labelOf(followUpChoices, r.followUpState) || '—'} />
        <DateField source="deliveredAt" showTime locales="es-CO" emptyText="—" />
        <TextField source="sellerRejectionReason" emptyText="—" />
        <TextField source="comment" emptyText="—" />
        <LinesSection />
        <PaymentsSection />
        <ReturnsSection />
        <NotesAndTimeline />
      </SimpleShowLayout>
    </Show>
  );
}

function ConfirmOrderButtons({ record }: { record: AdminTransaction }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const after = useAfterWrite();
  const decide = useRouteMutation(
    closingRoutes.confirmOrder,
    (v: { confirmed: boolean; reason?: string }) => ({ params: { id: record.id }, body: v }),
    { ...after, onSuccess: (a) => (setOpen(false), after.onSuccess(a)) },
  );
  return (
    <>
      <Button
        label="tuerca.closing.confirm"
        variant="contained"
        disabled={decide.isPending}
        onClick={() => decide.mutate({ confirmed: true })}
      />
      <Button label="tuerca.closing.reject" color="error" onClick={() => setOpen(true)} />
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('tuerca.closing.reject')}
        actions={[
          {
            label: 'tuerca.closing.reject',
            color: 'error',
            disabled: decide.isPending,
            onClick: () => decide.mutate({ confirmed: false, reason }),
          },
        ]}
      >
        <MuiTextField
          label={translate('tuerca.closing.rejectReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          sx={{ mt: 1 }}
        />
      </ActionDialog>
    </>
  );
}

function RecordPaymentButton({ record }: { record: AdminTransaction }) {
  const translate = useTranslate();
  const types = MANUAL_PAYMENT_TYPES[record.country] as readonly PaymentType[];
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<PaymentType>(types[0]!);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const after = useAfterWrite();
  const owed = record.amounts.totalCents - record.paidCents;
  const pay = useRouteMutation(
    closingRoutes.makeTransactionPaid,
    () => ({
      body: {
        transactionId: record.id,
        paymentType: type,
        amountCents: amount.trim() ? Math.round(Number(amount.replace(',', '.')) * 100) : undefined,
        reference,
        notes,
      },
    }),
    { ...after, onSuccess: (a) => (setOpen(false), after.onSuccess(a)) },
  );
  return (
    <>
      <Button label="tuerca.closing.recordPayment" variant="contained" onClick={() => setOpen(true)} />
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('tuerca.closing.recordPayment')}
        actions={[{ label: 'tuerca.closing.recordPayment', disabled: pay.isPending, onClick: () => pay.mutate(undefined) }]}
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('tuerca.closing.owed')}: {money(owed, record.currency)}
        </Typography>
        <Stack spacing={2}>
          <MuiTextField
            select
            label={translate('tuerca.closing.paymentType')}
            value={type}
            onChange={(e) => setType(e.target.value as PaymentType)}
            slotProps={{ htmlInput: { 'data-testid': 'payment-type' } }}
          >
            {types.map((t) => (
              <MenuItem key={t} value={t}>
                {labelOf(paymentTypeChoices, t)}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            label={translate('tuerca.closing.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <MuiTextField label={translate('tuerca.closing.receipt')} value={reference} onChange={(e) => setReference(e.target.value)} />
          <MuiTextField label={translate('tuerca.closing.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} multiline />
        </Stack>
      </ActionDialog>
    </>
  );
}

function MarkDeliveredButton({ record }: { record: AdminTransaction }) {
  const after = useAfterWrite();
  const deliver = useRouteMutation(closingRoutes.markDelivered, () => ({ params: { id: record.id } }), after);
  return (
    <Button
      label="tuerca.closing.markDelivered"
      variant="outlined"
      disabled={deliver.isPending}
      onClick={() => deliver.mutate(undefined)}
    />
  );
}

function AssignAdviserButton({ record }: { record: AdminTransaction }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [adviser, setAdviser] = useState(record.adviserId ?? '');
  const advisers = useGetList(
    'advisers',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'email', order: 'ASC' } },
    { enabled: open },
  );
  const after = useAfterWrite();
  const assign = useRouteMutation(closingRoutes.registerAdviser, () => ({ params: { id: record.id }, body: { adviser_id: adviser } }), {
    ...after,
    onSuccess: (a) => (setOpen(false), after.onSuccess(a)),
  });
  return (
    <>
      <Button label="tuerca.closing.assignAdviser" variant="outlined" onClick={() => setOpen(true)} />
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('tuerca.closing.assignAdviser')}
        actions={[
          { label: 'tuerca.closing.assignAdviser', disabled: !adviser || assign.isPending, onClick: () => assign.mutate(undefined) },
        ]}
      >
        <MuiTextField
          select
          fullWidth
          label={translate('tuerca.closing.adviser')}
          value={adviser}
          onChange={(e) => setAdviser(e.target.value)}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'adviser-select' } }}
        >
          {(advisers.data ?? []).map((a) => (
            <MenuItem key={String(a.id)} value={String(a.id)}>
              {String(a.email ?? a.id)}
            </MenuItem>
          ))}
        </MuiTextField>
      </ActionDialog>
    </>
  );
}

function FollowUpButton({ record }: { record: AdminTransaction }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FollowUpState>(record.followUpState ?? 'open');
  const [note, setNote] = useState('');
  const after = useAfterWrite();
  const save = useRouteMutation(
    closingRoutes.adviserFollowUp,
    () => ({ params: { id: record.id }, body: { followUpState: state, ...(note.trim() ? { note } : {}) } }),
    { ...after, onSuccess: (a) => (setOpen(false), setNote(''), after.onSuccess(a)) },
  );
  return (
    <>
      <Button label="tuerca.closing.followUp" variant="outlined" onClick={() => setOpen(true)} />
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('tuerca.closing.followUp')}
        actions={[{ label: 'tuerca.closing.saveFollowUp', disabled: save.isPending, onClick: () => save.mutate(undefined) }]}
      >
        <Stack spacing={2} sx={{ mt: 1 }}>
          <MuiTextField
            select
            label={translate('tuerca.closing.followUpState')}
            value={state}
            onChange={(e) => setState(e.target.value as FollowUpState)}
          >
            {FOLLOW_UP_STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {labelOf(followUpChoices, s)}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            label={translate('tuerca.closing.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </ActionDialog>
    </>
  );
}

function LinesSection() {
  const record = useRecordContext<AdminTransaction & RaRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Section title={translate('tuerca.closing.lines')}>
      {record.lines.map((l) => (
        <Typography key={l.id} variant="body2">
          {l.quantity} × {l.title}
          {l.reference ? ` (${l.reference})` : ''} · {money(l.totalCents, record.currency)}
        </Typography>
      ))}
    </Section>
  );
}

function PaymentsSection() {
  const record = useRecordContext<AdminTransaction & RaRecord>();
  const translate = useTranslate();
  const payments = useGetList<TransactionPaid & RaRecord>(
    'transaction-paid',
    { filter: { transactionId: record?.id }, pagination: { page: 1, perPage: 50 }, sort: { field: 'receivedAt', order: 'ASC' } },
    { enabled: Boolean(record) },
  );
  if (!record) return null;
  return (
    <ListSection title={translate('tuerca.closing.payments')} empty={translate('tuerca.closing.noPayments')} testId="payments">
      {(payments.data ?? []).map((p) => (
        <PaymentRow key={p.id} payment={p} />
      ))}
    </ListSection>
  );
}

function PaymentRow({ payment }: { payment: TransactionPaid }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ textDecoration: payment.reversedAt ? 'line-through' : 'none' }}>
        {when(payment.receivedAt)} · {payment.paymentTypeText} · {money(payment.amountCents, payment.currency)}{' '}
        {payment.reference ? `· ${payment.reference}` : ''}
      </Typography>
      {payment.reversedAt ? <Chip size="small" label={payment.reversalReason ?? ''} /> : <ReverseButton payment={payment} />}
      <EditPaymentButton payment={payment} />
    </Stack>
  );
}

function ReverseButton({ payment }: { payment: TransactionPaid }) {
  const translate = useTranslate();
  const { roles } = useRoles();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const after = useAfterWrite();
  const reverse = useRouteMutation(closingRoutes.reversePayment, () => ({ body: { transactionPaidId: payment.id, reason } }), {
    ...after,
    onSuccess: (a) => (setOpen(false), after.onSuccess(a)),
  });
  const mayReverse = isOperator(roles) || (payment.source === 'manual' && (roles.includes('seller') || roles.includes('store_admin')));
  if (!mayReverse || payment.reversedAt || payment.transactionState === 'returned' || payment.transactionState === 'cancelled') return null;
  return (
    <>
      <Button label="tuerca.closing.reverse" color="error" onClick={(e) => (e.stopPropagation(), setOpen(true))} />
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('tuerca.closing.reverseTitle')}
        actions={[
          { label: 'tuerca.closing.reverse', color: 'error', disabled: reverse.isPending, onClick: () => reverse.mutate(undefined) },
        ]}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          {payment.refVenta} · {payment.paymentTypeText} · {money(payment.amountCents, payment.currency)}
        </Typography>
        <MuiTextField
          label={translate('tuerca.closing.reverseReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
        />
      </ActionDialog>
    </>
  );
}

/** 'YYYY-MM-DDTHH:mm' of an instant in the browser's time (the datetime-local input's format). */
function localInput(iso: string | Date): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Editing a payment recorded by hand (PATCH /api/cart/transactionPaid/{id}). The rules, checked again by the
 * API: only manual records not reversed; the receipt, the notes and the date it was received (never in the
 * future) change; the amount and the payment type never ("reverse and record again"); a store's own people or
 * an operator.
 */
function EditPaymentButton({ payment }: { payment: TransactionPaid }) {
  const translate = useTranslate();
  const { roles } = useRoles();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState(payment.reference);
  const [notes, setNotes] = useState(payment.notes);
  const [receivedAt, setReceivedAt] = useState(localInput(payment.receivedAt));
  const after = useAfterWrite();
  const update = useRouteMutation(
    closingRoutes.updateTransactionPaid,
    () => {
      const body: { reference?: string; notes?: string; receivedAt?: string } = {};
      if (reference.trim() !== payment.reference) body.reference = reference.trim();
      if (notes.trim() !== payment.notes) body.notes = notes.trim();
      if (receivedAt && receivedAt !== localInput(payment.receivedAt)) body.receivedAt = new Date(receivedAt).toISOString();
      return { params: { id: payment.id }, body };
    },
    { onSuccess: (a) => (setOpen(false), after.onSuccess(a)) },
  );
  const storeSide = isOperator(roles) || roles.includes('seller') || roles.includes('store_admin');
  if (!storeSide || payment.source !== 'manual' || payment.reversedAt) return null;
  const start = () => {
    setReference(payment.reference);
    setNotes(payment.notes);
    setReceivedAt(localInput(payment.receivedAt));
    update.reset();
    setOpen(true);
  };
  return (
    <>
      <Button label="tuerca.closing.editPayment" onClick={(e) => (e.stopPropagation(), start())} />
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('tuerca.closing.editPaymentTitle')}
        actions={[{ label: 'tuerca.closing.save', disabled: update.isPending, onClick: () => update.mutate(undefined) }]}
      >
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="edit-payment-fixed">
          {payment.refVenta} · {payment.paymentTypeText} · {money(payment.amountCents, payment.currency)}
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('tuerca.closing.editPaymentRules')}
        </Alert>
        <Stack spacing={2}>
          <MuiTextField
            label={translate('tuerca.closing.receipt')}
            value={reference}
            onChange={(e) => (setReference(e.target.value), update.reset())}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <MuiTextField
            label={translate('tuerca.closing.receivedAt')}
            type="datetime-local"
            value={receivedAt}
            onChange={(e) => (setReceivedAt(e.target.value), update.reset())}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localInput(new Date()) } }}
          />
          <MuiTextField
            label={translate('tuerca.closing.notes')}
            value={notes}
            onChange={(e) => (setNotes(e.target.value), update.reset())}
            multiline
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
        {update.isError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="edit-payment-error">
            {update.error.message}
          </Alert>
        ) : null}
      </ActionDialog>
    </>
  );
}

function ReturnsSection() {
  const record = useRecordContext<AdminTransaction & RaRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ListSection title={translate('tuerca.closing.returns')} empty={translate('tuerca.closing.noReturns')}>
      {record.returns.map((r) => (
        <ReturnRow key={r.id} ret={r} />
      ))}
    </ListSection>
  );
}

function ReturnRow({ ret }: { ret: ReturnView }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" label={labelOf(returnStateChoices, ret.state)} />
      <Typography variant="body2">
        {when(ret.requestedAt)} · {ret.reason}
        {ret.decisionReason ? ` · ${ret.decisionReason}` : ''}
      </Typography>
      {ret.state === 'requested' && <DecideReturnButtons ret={ret} />}
    </Stack>
  );
}

function DecideReturnButtons({ ret }: { ret: ReturnView }) {
  const translate = useTranslate();
  const { roles } = useRoles();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const after = useAfterWrite();
  const decide = useRouteMutation(
    closingRoutes.decideReturn,
    (v: { accepted: boolean }) => ({
      params: { id: ret.transactionId },
      body: { accepted: v.accepted, ...(reason.trim() ? { reason } : {}) },
    }),
    { ...after, onSuccess: (a) => (setOpen(false), after.onSuccess(a)) },
  );
  if (!(isOperator(roles) || roles.includes('seller') || roles.includes('store_admin'))) return null;
  return (
    <>
      <Button label="tuerca.closing.decide" onClick={(e) => (e.stopPropagation(), setOpen(true))} />
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={
          <>
            {ret.refVenta} · {ret.reason}
          </>
        }
        cancel={false}
        actions={[
          {
            label: 'tuerca.closing.rejectReturn',
            color: 'error',
            variant: 'text',
            disabled: decide.isPending,
            onClick: () => decide.mutate({ accepted: false }),
          },
          { label: 'tuerca.closing.accept', disabled: decide.isPending, onClick: () => decide.mutate({ accepted: true }) },
        ]}
      >
        <MuiTextField
          label={translate('tuerca.closing.returnReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          sx={{ mt: 1 }}
        />
      </ActionDialog>
    </>
  );
}

function NotesAndTimeline() {
  const record = useRecordContext<AdminTransaction & RaRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ width: '100%' }}>
      <ListSection title={translate('tuerca.closing.notesTitle')} empty={translate('tuerca.closing.noNotes')}>
        {record.notes.map((n) => (
          <Typography key={n.id} variant="body2">
            {when(n.createdAt)} · {n.text}
          </Typography>
        ))}
      </ListSection>
      <Section title={translate('tuerca.closing.timeline')}>
        <Box component="ol" sx={{ m: 0, pl: 2 }} data-testid="timeline">
          {record.timeline.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <Typography variant="body2">
                {when(e.at)} · {e.text}
              </Typography>
            </li>
          ))}
        </Box>
      </Section>
    </Stack>
  );
}

// ---- paid transactions and returns -------------------------------------------------------------

function PaidReverseCell() {
  const record = useRecordContext<TransactionPaid & RaRecord>();
  return record ? (
    <Stack direction="row" spacing={1}>
      <EditPaymentButton payment={record} />
      <ReverseButton payment={record} />
    </Stack>
  ) : null;
}

export function TransactionPaidList() {
  const { roles, isPending } = useRoles();
  const createPath = useCreatePath();
  if (isPending) return null;
  return (
    <List
      filters={[
        <SelectInput key="paymentType" source="paymentType" choices={paymentTypeChoices} alwaysOn />,
        <SelectInput key="source" source="source" choices={sourceChoices} />,
        ...(isStaff(roles) ? [<StoreInput key="storeId" source="storeId" />] : []),
      ]}
      sort={{ field: 'receivedAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid
        rowClick={(_id, _res, r) => createPath({ resource: 'transactions', id: String(r.transactionId), type: 'show' })}
        bulkActionButtons={false}
      >
        <DateField source="receivedAt" showTime locales="es-CO" />
        <TextField source="refVenta" />
        <TextField source="storeName" />
        <TextField source="paymentTypeText" sortable={false} />
        <FunctionField source="source" sortable={false} render={(r: RaRecord) => labelOf(sourceChoices, r.source)} />
        <FunctionField source="amountCents" render={(r: RaRecord) => money(r.amountCents, r.currency)} />
        <TextField source="reference" sortable={false} emptyText="—" />
        <DateField source="reversedAt" showTime locales="es-CO" emptyText="—" sortable={false} />
        <TextField source="reversalReason" sortable={false} emptyText="—" />
        <PaidReverseCell />
      </Datagrid>
    </List>
  );
}

export function TransactionReturnList() {
  const { roles, isPending } = useRoles();
  const createPath = useCreatePath();
  if (isPending) return null;
  return (
    <List
      filters={[
        <SelectInput key="state" source="state" choices={returnStateChoices} alwaysOn />,
        ...(isStaff(roles) ? [<StoreInput key="storeId" source="storeId" />] : []),
      ]}
      sort={{ field: 'requestedAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid
        rowClick={(_id, _res, r) => createPath({ resource: 'transactions', id: String(r.transactionId), type: 'show' })}
        bulkActionButtons={false}
      >
        <DateField source="requestedAt" showTime locales="es-CO" />
        <TextField source="refVenta" sortable={false} />
        <TextField source="storeName" sortable={false} />
        <FunctionField source="state" render={(r: RaRecord) => <Chip size="small" label={labelOf(returnStateChoices, r.state)} />} />
        <TextField source="reason" sortable={false} />
        <TextField source="decisionReason" sortable={false} emptyText="—" />
        <FunctionField source="totalCents" sortable={false} render={(r: RaRecord) => money(r.totalCents, r.currency)} />
      </Datagrid>
    </List>
  );
}
