import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  EmailField,
  FunctionField,
  List,
  NullableBooleanInput,
  PasswordInput,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  email,
  minLength,
  required,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { countryChoices, labelOf, roleChoices } from '../choices';
import { csvExporter, field } from '../exporter';
import { StoreField, StoreInput } from '../pickers';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Correo, nombre o celular" />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
  <SelectInput key="country" source="country" choices={countryChoices} />,
  <NullableBooleanInput key="signUpCompleted" source="signUpCompleted" />,
  <NullableBooleanInput key="downloadPartsCatalog" source="downloadPartsCatalog" />,
  <NullableBooleanInput key="active" source="active" />,
  <StoreInput key="storeId" source="storeId" />,
];

const exporter = csvExporter('cuentas', [
  field('Id', 'id'),
  field('Correo', 'email'),
  field('Nombre', 'name'),
  field('Celular', 'mobile'),
  ['Roles', (r) => (r.roles as string[]).map((x) => labelOf(roleChoices, x)).join(' / ')],
  ['País', (r) => labelOf(countryChoices, r.country)],
  field('Registro completo', 'signUpCompleted'),
  field('Puede exportar catálogos', 'downloadPartsCatalog'),
  field('Activa', 'active'),
  field('Tienda', 'storeId'),
  field('Creada', 'createdAt'),
  field('Último ingreso', 'lastLoginAt'),
]);

export function RolesField(_: { label?: string; source?: string; sortable?: boolean }) {
  return (
    <FunctionField
      render={(r: RaRecord) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {(r.roles as string[]).map((role) => (
            <Chip key={role} size="small" label={labelOf(roleChoices, role)} />
          ))}
        </Stack>
      )}
    />
  );
}

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={exporter} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="email" />
        <TextField source="name" />
        <RolesField label="resources.users.fields.roles" />
        <FunctionField source="country" render={(r: RaRecord) => labelOf(countryChoices, r.country)} />
        <BooleanField source="signUpCompleted" />
        <BooleanField source="downloadPartsCatalog" sortable={false} />
        <BooleanField source="active" />
        <DateField source="createdAt" locales="es-CO" />
        <DateField source="lastLoginAt" showTime locales="es-CO" />
      </Datagrid>
    </List>
  );
}

const userTitle = (r?: RaRecord) => (r ? `${r.email}` : '');

export function UserShow() {
  const translate = useTranslate();
  return (
    <Show title={<UserTitle />}>
      <SimpleShowLayout>
        <EmailField source="email" />
        <TextField source="name" />
        <TextField source="mobile" emptyText="—" />
        <RolesField label="resources.users.fields.roles" />
        <FunctionField source="country" render={(r: RaRecord) => labelOf(countryChoices, r.country)} />
        <BooleanField source="signUpCompleted" />
        <BooleanField source="downloadPartsCatalog" />
        <BooleanField source="active" />
        <StoreField source="storeId" />
        <DateField source="createdAt" showTime locales="es-CO" />
        <DateField source="lastLoginAt" showTime locales="es-CO" emptyText="—" />
        <ReferenceManyField
          label={translate('tuerca.balances.ofPerson')}
          reference="consultation-balances"
          target="userId"
          sort={{ field: 'createdAt', order: 'DESC' }}
        >
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="typeLabel" />
            <TextField source="amount" />
            <TextField source="remaining" />
            <TextField source="source" />
            <TextField source="reason" emptyText="—" />
            <DateField source="expiresAt" locales="es-CO" />
          </Datagrid>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}

function UserTitle() {
  return <FunctionField render={(r: RaRecord) => userTitle(r)} />;
}

export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<UserTitle />}>
      <SimpleForm>
        <TextInput source="email" disabled fullWidth />
        <TextInput source="name" fullWidth />
        <TextInput source="mobile" />
        <CheckboxGroupInput source="roles" choices={roleChoices} validate={required()} />
        <SelectInput source="country" choices={countryChoices} validate={required()} />
        <StoreInput source="storeId" helperText="La tienda a la que pertenece (vendedores y administradores de tienda)" />
        <BooleanInput source="downloadPartsCatalog" />
        <BooleanInput source="signUpCompleted" />
        <BooleanInput source="active" />
      </SimpleForm>
    </Edit>
  );
}

export function UserCreate() {
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ roles: ['adviser'], country: 'CO', downloadPartsCatalog: false }}>
        <TextInput source="email" validate={[required(), email()]} fullWidth />
        <PasswordInput source="password" validate={[required(), minLength(8)]} />
        <TextInput source="name" validate={[required(), minLength(2)]} fullWidth />
        <TextInput source="mobile" />
        <CheckboxGroupInput source="roles" choices={roleChoices} validate={required()} />
        <SelectInput source="country" choices={countryChoices} validate={required()} />
        <StoreInput source="storeId" helperText="La tienda a la que pertenece (vendedores y administradores de tienda)" />
        <BooleanInput source="downloadPartsCatalog" />
      </SimpleForm>
    </Create>
  );
}
