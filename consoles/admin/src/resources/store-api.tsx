import {
  ArrayField,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
  useGetIdentity,
  useNotify,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Chip } from '@mui/material';
import { isStaff } from '../permissions';
import { StoreInput } from '../pickers';

/**
 * A store's own order API (issue #13): its API clients (URL, secret shown once, active) with their delivery log,
 * and the ratings buyers gave the stores. Sellers see their own store's; store admins and operators register and
 * change clients; the API checks the same again.
 */

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
const SCORE_STATES = ['requested', 'rated'] as const;

function useStoreScope(): { storeId?: string; staff: boolean; isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  const roles = (identity?.roles as string[] | undefined) ?? [];
  const staff = isStaff(roles);
  return { storeId: staff ? undefined : ((identity?.storeId as string | null | undefined) ?? undefined), staff, isPending };
}

function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  const color = status === 'delivered' ? 'success' : status === 'failed' ? 'error' : status === 'pending' ? 'warning' : 'default';
  return <Chip size="small" color={color} label={translate(`tuerca.storeApi.statuses.${status}`)} />;
}

function useStatusChoices() {
  const translate = useTranslate();
  return DELIVERY_STATUSES.map((id) => ({ id, name: translate(`tuerca.storeApi.statuses.${id}`) }));
}

// ---- API clients --------------------------------------------------------------------------------

export function StoreApiClientList() {
  const { storeId, staff, isPending } = useStoreScope();
  if (isPending) return null;
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />, ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : [])]}
      filter={storeId ? { storeId } : undefined}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="storeName" />
        <TextField source="url" />
        <BooleanField source="active" />
        <TextField source="secretHint" />
        <NumberField source="deliveries.pending" />
        <NumberField source="deliveries.failed" />
        <DateField source="lastDeliveryAt" showTime locales="es-CO" emptyText="—" />
      </Datagrid>
    </List>
  );
}

export function StoreApiClientShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="storeName" />
        <TextField source="url" />
        <BooleanField source="active" />
        <TextField source="secretHint" />
        <NumberField source="deliveries.delivered" />
        <NumberField source="deliveries.pending" />
        <NumberField source="deliveries.failed" />
        <DateField source="lastDeliveryAt" showTime locales="es-CO" emptyText="—" />
        <DeliveriesOfClient />
      </SimpleShowLayout>
    </Show>
  );
}

/** The client's delivery log, newest first. */
function DeliveriesOfClient() {
  return (
    <FunctionField
      label="resources.store-api-clients.fields.log"
      render={(r: RaRecord) => (
        <List
          resource="store-api-deliveries"
          filter={{ clientId: r.id }}
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={10}
          actions={false}
          disableSyncWithLocation
          exporter={false}
        >
          <DeliveryGrid />
        </List>
      )}
    />
  );
}

/** Shows the secret once, right after it was set: it is never readable again. */
function useSecretOnce() {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (data: RaRecord) => {
    if (data.secret)
      notify(translate('tuerca.storeApi.secretOnce', { secret: data.secret }), { type: 'info', autoHideDuration: null, multiLine: true });
    redirect('show', 'store-api-clients', data.id);
  };
}

export function StoreApiClientCreate() {
  const { storeId, staff, isPending } = useStoreScope();
  const onSuccess = useSecretOnce();
  const translate = useTranslate();
  if (isPending) return null;
  return (
    <Create mutationOptions={{ onSuccess }} transform={(d: RaRecord) => ({ ...d, storeId: staff ? d.storeId : storeId })}>
      <SimpleForm>
        {staff ? <StoreInput source="storeId" isRequired /> : null}
        <TextInput source="name" validate={required()} />
        <TextInput source="url" validate={required()} helperText={translate('tuerca.storeApi.urlHelp')} fullWidth />
        <TextInput source="secret" helperText={translate('tuerca.storeApi.secretHelp')} fullWidth />
        <BooleanInput source="active" defaultValue />
      </SimpleForm>
    </Create>
  );
}

export function StoreApiClientEdit() {
  const onSuccess = useSecretOnce();
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onSuccess }}>
      <SimpleForm>
        <TextInput source="name" validate={required()} />
        <TextInput source="url" validate={required()} fullWidth />
        <BooleanInput source="active" helperText={translate('tuerca.storeApi.deactivateHelp')} />
        <BooleanInput source="rotateSecret" helperText={translate('tuerca.storeApi.rotateHelp')} />
      </SimpleForm>
    </Edit>
  );
}

// ---- deliveries -----------------------------------------------------------------------------------

function DeliveryGrid() {
  return (
    <Datagrid rowClick={(id) => `/store-api-deliveries/${String(id)}/show`} bulkActionButtons={false}>
      <DateField source="createdAt" showTime locales="es-CO" />
      <TextField source="refVenta" />
      <TextField source="type" />
      <TextField source="clientName" />
      <FunctionField source="status" render={(r: RaRecord) => <StatusChip status={String(r.status)} />} />
      <NumberField source="attempts" />
      <NumberField source="lastStatusCode" emptyText="—" />
      <DateField source="nextAttemptAt" showTime locales="es-CO" emptyText="—" />
    </Datagrid>
  );
}

export function StoreApiDeliveryList() {
  const { storeId, staff, isPending } = useStoreScope();
  const statuses = useStatusChoices();
  if (isPending) return null;
  return (
    <List
      filters={[
        <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
        ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : []),
      ]}
      filter={storeId ? { storeId } : undefined}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <DeliveryGrid />
    </List>
  );
}

export function StoreApiDeliveryShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="refVenta" />
        <TextField source="eventId" />
        <TextField source="type" />
        <TextField source="clientName" />
        <FunctionField source="status" render={(r: RaRecord) => <StatusChip status={String(r.status)} />} />
        <NumberField source="attempts" />
        <DateField source="deliveredAt" showTime locales="es-CO" emptyText="—" />
        <DateField source="nextAttemptAt" showTime locales="es-CO" emptyText="—" />
        <TextField source="lastError" emptyText="—" />
        <ArrayField source="log">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <NumberField source="attempt" />
            <DateField source="startedAt" showTime locales="es-CO" />
            <DateField source="finishedAt" showTime locales="es-CO" emptyText="—" />
            <NumberField source="statusCode" emptyText="—" />
            <NumberField source="durationMs" emptyText="—" />
            <TextField source="error" emptyText="—" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}

// ---- ratings ------------------------------------------------------------------------------------

export function StoreRatingList() {
  const { storeId, staff, isPending } = useStoreScope();
  const translate = useTranslate();
  if (isPending) return null;
  const states = SCORE_STATES.map((id) => ({ id, name: translate(`tuerca.ratings.states.${id}`) }));
  return (
    <List
      filters={[
        <SelectInput key="state" source="state" choices={states} alwaysOn />,
        <SelectInput key="score" source="score" choices={[1, 2, 3, 4, 5].map((n) => ({ id: n, name: '★'.repeat(n) }))} />,
        ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : []),
      ]}
      filter={storeId ? { storeId } : undefined}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime locales="es-CO" />
        <TextField source="refVenta" />
        <TextField source="storeName" />
        <TextField source="buyerName" emptyText="—" />
        <FunctionField source="score" render={(r: RaRecord) => (r.score ? '★'.repeat(Number(r.score)) : '—')} />
        <TextField source="comment" emptyText="—" />
        <NumberField source="requests" />
      </Datagrid>
    </List>
  );
}

export function StoreRatingShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="refVenta" />
        <TextField source="storeName" />
        <TextField source="buyerName" emptyText="—" />
        <FunctionField source="score" render={(r: RaRecord) => (r.score ? `${'★'.repeat(Number(r.score))} (${String(r.score)})` : '—')} />
        <TextField source="comment" emptyText="—" />
        <NumberField source="requests" />
        <DateField source="lastRequestedAt" showTime locales="es-CO" />
        <DateField source="ratedAt" showTime locales="es-CO" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
