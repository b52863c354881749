import {
  ArrayField,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  DateInput,
  Edit,
  FunctionField,
  Labeled,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  ReferenceField,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  maxLength,
  minLength,
  minValue,
  required,
  useCanAccess,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Alert, Chip, Typography } from '@mui/material';
import {
  balanceSourceChoices,
  balanceStatusChoices,
  currencyChoices,
  labelOf,
  parameterKindChoices,
  transactionTypeChoices,
} from '../choices';
import { csvExporter, field } from '../exporter';
import { UserInput } from '../pickers';

// ---- charging plans ----------------------------------------------------------------------------

const planFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="transaction_type" source="transaction_type" choices={transactionTypeChoices} />,
  <SelectInput key="currency" source="currency" choices={currencyChoices} />,
  <NullableBooleanInput key="active" source="active" />,
  <NullableBooleanInput key="store_plan" source="store_plan" />,
  <BooleanInput key="deleted" source="deleted" />,
];

const planExporter = csvExporter('planes-de-cobro', [
  field('Id', 'id'),
  field('Título', 'title'),
  field('Descripción', 'description'),
  field('Tipo de transacción', 'transaction_type_label'),
  field('Consultas', 'amount'),
  field('Precio', 'price'),
  field('Moneda', 'currency'),
  field('Vigencia (días)', 'validity_days'),
  field('Plan para tiendas', 'store_plan'),
  field('Activo', 'active'),
  field('Creado', 'created_at'),
  field('Eliminado', 'deleted_at'),
]);

export function ChargingPlanList() {
  const { canAccess: canEdit } = useCanAccess({ resource: 'charging-plans', action: 'edit' });
  return (
    <List filters={planFilters} sort={{ field: 'created_at', order: 'DESC' }} exporter={planExporter} perPage={25}>
      <Datagrid rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={false}>
        <TextField source="title" />
        <TextField source="transaction_type_label" sortBy="transaction_type" />
        <NumberField source="amount" locales="es-CO" />
        <TextField source="price_label" sortBy="price" />
        <NumberField source="validity_days" />
        <BooleanField source="store_plan" />
        <BooleanField source="active" />
        <DateField source="created_at" locales="es-CO" />
      </Datagrid>
    </List>
  );
}

function PlanForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={[required(), minLength(3), maxLength(120)]} fullWidth />
      <TextInput source="description" multiline fullWidth validate={maxLength(2000)} />
      <SelectInput source="transaction_type" choices={transactionTypeChoices} validate={required()} />
      <NumberInput source="amount" validate={[required(), minValue(1)]} />
      <NumberInput source="price" validate={[required(), minValue(0.01)]} />
      <SelectInput source="currency" choices={currencyChoices} validate={required()} />
      <NumberInput
        source="validity_days"
        helperText="Vacío: 90 días (30 para suscripción a marketplaces y pedidos)"
        parse={(v: string | number | null) => (v === '' || v === null ? undefined : Number(v))}
      />
      <BooleanInput source="store_plan" />
      <BooleanInput source="active" />
    </SimpleForm>
  );
}

export function ChargingPlanEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<TitleOf source="title" />}>
      <PlanForm />
    </Edit>
  );
}

export function ChargingPlanCreate() {
  return (
    <Create redirect="list" record={{ active: true, store_plan: false, currency: 'COP', description: '' }}>
      <PlanForm />
    </Create>
  );
}

export function ChargingPlanShow() {
  const translate = useTranslate();
  return (
    <Show title={<TitleOf source="title" />}>
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="description" />
        <TextField source="transaction_type_label" />
        <NumberField source="amount" />
        <TextField source="price_label" />
        <NumberField source="validity_days" />
        <BooleanField source="store_plan" />
        <BooleanField source="active" />
        <DateField source="created_at" showTime locales="es-CO" />
        <DateField source="deleted_at" showTime locales="es-CO" emptyText="—" />
        <Typography variant="caption">{translate('tuerca.plans.deletedHelp')}</Typography>
      </SimpleShowLayout>
    </Show>
  );
}

function TitleOf({ source }: { source: string }) {
  const record = useRecordContext();
  return <span>{record ? String(record[source] ?? '') : ''}</span>;
}

// ---- app parameters ----------------------------------------------------------------------------

function formatValue(r: RaRecord, key: 'value' | 'default' | 'previous' = 'value'): string {
  const v = r[key];
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  return v === null || v === undefined ? '—' : String(v);
}

const parameterFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={parameterKindChoices} />,
  <NullableBooleanInput key="changed" source="changed" />,
];

const parameterExporter = csvExporter('parametros', [
  field('Nombre', 'name'),
  field('Descripción', 'description'),
  ['Tipo', (r) => labelOf(parameterKindChoices, r.kind)],
  field('Valor', 'value'),
  field('Valor por defecto', 'default'),
  field('Cambiado', 'updatedAt'),
  field('Cambiado por', 'updatedBy'),
]);

export function AppParameterList() {
  const { canAccess: canEdit } = useCanAccess({ resource: 'app-parameters', action: 'edit' });
  return (
    <List filters={parameterFilters} sort={{ field: 'id', order: 'ASC' }} exporter={parameterExporter} perPage={50}>
      <Datagrid rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={false}>
        <TextField source="name" sortBy="id" />
        <TextField source="description" sortable={false} />
        <FunctionField source="value" sortable={false} render={(r: RaRecord) => <strong>{formatValue(r)}</strong>} />
        <FunctionField source="default" sortable={false} render={(r: RaRecord) => formatValue(r, 'default')} />
        <FunctionField
          source="isDefault"
          sortable={false}
          render={(r: RaRecord) => (r.isDefault ? null : <Chip size="small" color="warning" label="Cambiado" />)}
        />
        <DateField source="updatedAt" showTime locales="es-CO" emptyText="—" />
      </Datagrid>
    </List>
  );
}

function ParameterValueInput() {
  const record = useRecordContext();
  const translate = useTranslate();
  const help = translate('tuerca.parameters.valueHelp');
  if (!record) return null;
  if (record.kind === 'boolean') return <BooleanInput source="value" helperText={help} />;
  if (record.kind === 'currency')
    return <SelectInput source="value" choices={(record.choices as string[]).map((id) => ({ id, name: id }))} helperText={help} />;
  return <NumberInput source="value" validate={[required(), minValue(0)]} helperText={help} />;
}

function ParameterHistory() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  if (!(record.history as unknown[] | undefined)?.length)
    return <Alert severity="info">{translate('tuerca.parameters.historyEmpty')}</Alert>;
  return (
    <ArrayField source="history" label="resources.app-parameters.fields.history">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="changedAt" showTime locales="es-CO" label="resources.app-parameters.fields.changedAt" />
        <FunctionField label="resources.app-parameters.fields.value" render={(r: RaRecord) => formatValue(r)} />
        <FunctionField label="resources.app-parameters.fields.previous" render={(r: RaRecord) => formatValue(r, 'previous')} />
        <PersonField source="changedBy" label="resources.app-parameters.fields.changedBy" />
      </Datagrid>
    </ArrayField>
  );
}

export function AppParameterEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<TitleOf source="name" />} transform={(data: RaRecord) => ({ value: data.value })}>
      <SimpleForm>
        <Labeled>
          <TextField source="name" />
        </Labeled>
        <Labeled>
          <TextField source="description" />
        </Labeled>
        <Labeled>
          <FunctionField source="default" render={(r: RaRecord) => formatValue(r, 'default')} />
        </Labeled>
        <ParameterValueInput />
        <Typography variant="h6">Historial de cambios</Typography>
        <ParameterHistory />
      </SimpleForm>
    </Edit>
  );
}

export function AppParameterShow() {
  return (
    <Show title={<TitleOf source="name" />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="description" />
        <FunctionField source="value" render={(r: RaRecord) => formatValue(r)} />
        <FunctionField source="default" render={(r: RaRecord) => formatValue(r, 'default')} />
        <ParameterHistory />
      </SimpleShowLayout>
    </Show>
  );
}

// ---- consultation balances ---------------------------------------------------------------------

/** Operators pick the person by e-mail; advisers (who do not read accounts) filter by id. */
const balanceFilters = (canReadUsers: boolean) => [
  canReadUsers ? <UserInput key="userId" source="userId" alwaysOn /> : <TextInput key="userId" source="userId" alwaysOn />,
  <SelectInput key="type" source="type" choices={transactionTypeChoices} />,
  <SelectInput key="source" source="source" choices={balanceSourceChoices} />,
  <SelectInput key="status" source="status" choices={balanceStatusChoices} />,
];

const balanceExporter = csvExporter('saldos-de-consultas', [
  field('Id', 'id'),
  field('Persona', 'userId'),
  field('Tipo', 'typeLabel'),
  field('Acreditadas', 'amount'),
  field('Disponibles', 'remaining'),
  ['Origen', (r) => labelOf(balanceSourceChoices, r.source)],
  ['Estado', (r) => labelOf(balanceStatusChoices, r.status)],
  field('Motivo', 'reason'),
  field('Acreditado por', 'creditedBy'),
  field('Acreditado', 'createdAt'),
  field('Vence', 'expiresAt'),
]);

/** The person's e-mail for operators (they may read accounts); the id for advisers. */
function PersonField({ source = 'userId' }: { source?: string; label?: string; sortBy?: string; sortable?: boolean }) {
  const { canAccess: canReadUsers } = useCanAccess({ resource: 'users', action: 'show' });
  return canReadUsers ? (
    <ReferenceField source={source} reference="users" link="show" emptyText="—">
      <TextField source="email" />
    </ReferenceField>
  ) : (
    <TextField source={source} emptyText="—" />
  );
}

export function BalanceList() {
  const { canAccess: canReadUsers, isPending } = useCanAccess({ resource: 'users', action: 'list' });
  if (isPending) return null;
  return (
    <List
      filters={balanceFilters(Boolean(canReadUsers))}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={balanceExporter}
      perPage={25}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <PersonField source="userId" sortBy="userId" />
        <TextField source="typeLabel" sortBy="type" />
        <NumberField source="amount" />
        <NumberField source="remaining" />
        <FunctionField source="source" render={(r: RaRecord) => labelOf(balanceSourceChoices, r.source)} />
        <FunctionField
          source="status"
          sortable={false}
          render={(r: RaRecord) => (
            <Chip size="small" color={r.status === 'available' ? 'success' : 'default'} label={labelOf(balanceStatusChoices, r.status)} />
          )}
        />
        <TextField source="reason" sortable={false} emptyText="—" />
        <DateField source="createdAt" locales="es-CO" />
        <DateField source="expiresAt" locales="es-CO" />
      </Datagrid>
    </List>
  );
}

export function BalanceShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <PersonField source="userId" />
        <TextField source="typeLabel" />
        <NumberField source="amount" />
        <NumberField source="remaining" />
        <FunctionField source="source" render={(r: RaRecord) => labelOf(balanceSourceChoices, r.source)} />
        <FunctionField source="status" render={(r: RaRecord) => labelOf(balanceStatusChoices, r.status)} />
        <TextField source="reason" emptyText="—" />
        <PersonField source="creditedBy" />
        <TextField source="paymentId" emptyText="—" />
        <DateField source="createdAt" showTime locales="es-CO" />
        <DateField source="expiresAt" showTime locales="es-CO" />
        <DateField source="expiredAt" showTime locales="es-CO" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}

/** The manual credit: who, what, how many, for how long and why (the reason is audited). */
export function BalanceCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('tuerca.balances.creditTitle')} redirect="list">
      <SimpleForm defaultValues={{ type: 'general_inquiries' }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('tuerca.balances.creditHelp')}
        </Alert>
        <UserInput source="userId" isRequired />
        <SelectInput source="type" choices={transactionTypeChoices} validate={required()} />
        <NumberInput source="amount" validate={[required(), minValue(1)]} />
        <NumberInput
          source="validityDays"
          helperText={translate('tuerca.balances.validityHelp')}
          parse={(v: string | number | null) => (v === '' || v === null ? undefined : Number(v))}
        />
        <TextInput source="reason" multiline fullWidth validate={[required(), minLength(5), maxLength(500)]} />
      </SimpleForm>
    </Create>
  );
}

// ---- billing metrics ---------------------------------------------------------------------------

const metricFilters = [<DateInput key="from" source="from" alwaysOn />, <DateInput key="to" source="to" alwaysOn />];

const metricExporter = csvExporter('metricas-de-facturacion', [
  field('Día', 'day'),
  field('Consultas consumidas', 'consultations'),
  field('Catálogo', 'catalog'),
  field('Sustituciones', 'substitutions'),
  field('Placa', 'plate'),
  field('Cobradas de un saldo', 'charged'),
  field('Planes vendidos', 'plansSold'),
  field('Ingresos COP', 'revenueCOP'),
  field('Ingresos MXN', 'revenueMXN'),
]);

export function BillingMetricList() {
  return (
    <List filters={metricFilters} sort={{ field: 'day', order: 'DESC' }} exporter={metricExporter} perPage={50}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="day" />
        <NumberField source="consultations" sortable={false} />
        <NumberField source="catalog" sortable={false} />
        <NumberField source="substitutions" sortable={false} />
        <NumberField source="plate" sortable={false} />
        <NumberField source="charged" sortable={false} />
        <NumberField source="plansSold" sortable={false} />
        <NumberField source="revenueCOP" sortable={false} locales="es-CO" options={{ style: 'currency', currency: 'COP' }} />
        <NumberField source="revenueMXN" sortable={false} locales="es-MX" options={{ style: 'currency', currency: 'MXN' }} />
      </Datagrid>
    </List>
  );
}
