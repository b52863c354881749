import {
  BooleanField,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { Chip } from '@mui/material';
import { labelOf, personKindChoices, searchKindChoices } from '../choices';
import { csvExporter, field } from '../exporter';

// The analytics context's searches (catalogue, plate lookups, the marketplace's text and part-number searches), read only.

const searchFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={searchKindChoices} alwaysOn />,
  <NullableBooleanInput key="found" source="found" alwaysOn />,
  <TextInput key="make" source="make" />,
  <SelectInput key="personKind" source="personKind" choices={personKindChoices} />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

const searchExporter = csvExporter('busquedas-del-catalogo', [
  field('Fecha', 'occurredAt'),
  ['Tipo', (r) => labelOf(searchKindChoices, r.kind)],
  field('Búsqueda', 'query'),
  field('Marca', 'make'),
  field('Catálogo', 'catalogCode'),
  field('Encontrada', 'found'),
  field('Resultados', 'resultCount'),
  field('Tiempo (ms)', 'latencyMs'),
  ['Quién', (r) => labelOf(personKindChoices, r.personKind)],
]);

export function SearchAnalyticsList() {
  return (
    <List filters={searchFilters} sort={{ field: 'occurredAt', order: 'DESC' }} exporter={searchExporter} perPage={25}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DateField source="occurredAt" showTime locales="es-CO" />
        <FunctionField source="kind" render={(r: RaRecord) => <Chip size="small" label={labelOf(searchKindChoices, r.kind)} />} />
        <TextField source="query" />
        <TextField source="make" emptyText="—" />
        <BooleanField source="found" />
        <NumberField source="resultCount" />
        <NumberField source="latencyMs" />
        <FunctionField source="personKind" sortable={false} render={(r: RaRecord) => labelOf(personKindChoices, r.personKind)} />
      </Datagrid>
    </List>
  );
}
