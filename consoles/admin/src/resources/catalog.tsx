import {
  BooleanField,
  Button,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  UrlField,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { Chip } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import UndoIcon from '@mui/icons-material/Undo';
import { labelOf, personKindChoices, searchKindChoices } from '../choices';
import { csvExporter, field } from '../exporter';

// ---- error reports -----------------------------------------------------------------------------

const reportFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="resolved" source="resolved" alwaysOn />,
  <TextInput key="reference" source="reference" />,
  <SelectInput key="reporterKind" source="reporterKind" choices={personKindChoices} />,
];

const reportExporter = csvExporter('reportes-de-error', [
  field('Id', 'id'),
  field('Recibido', 'createdAt'),
  field('Referencia', 'reference'),
  field('Mensaje', 'errorMessage'),
  field('Página', 'url'),
  ['Reportado por', (r) => labelOf(personKindChoices, r.reporterKind)],
  field('Resuelto', 'resolved'),
  field('Resuelto el', 'resolvedAt'),
]);

/** Marks a report resolved, or pending again (PUT { resolved }). Operators only. */
export function ResolveButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'catalog-error-reports', action: 'edit' });
  const [update, { isPending }] = useUpdate();
  if (!record || !canAccess) return null;
  const resolved = Boolean(record.resolved);
  return (
    <Button
      label={resolved ? 'tuerca.reports.reopen' : 'tuerca.reports.resolve'}
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        void update(
          'catalog-error-reports',
          { id: record.id, data: { resolved: !resolved }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(translate(resolved ? 'tuerca.reports.reopened' : 'tuerca.reports.resolved'), { type: 'success' });
              refresh();
            },
            onError: (err) => notify((err as Error).message, { type: 'error' }),
          },
        );
      }}
    >
      {resolved ? <UndoIcon /> : <DoneIcon />}
    </Button>
  );
}

export function ErrorReportList() {
  return (
    <List
      filters={reportFilters}
      filterDefaultValues={{ resolved: false }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={reportExporter}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime locales="es-CO" />
        <TextField source="reference" emptyText="—" />
        <TextField source="errorMessage" sortable={false} />
        <FunctionField source="reporterKind" render={(r: RaRecord) => labelOf(personKindChoices, r.reporterKind)} />
        <BooleanField source="resolved" sortable={false} />
        <ResolveButton />
      </Datagrid>
    </List>
  );
}

export function ErrorReportShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="createdAt" showTime locales="es-CO" />
        <TextField source="reference" emptyText="—" />
        <TextField source="errorMessage" />
        <UrlField source="url" emptyText="—" target="_blank" rel="noreferrer" />
        <FunctionField source="reporterKind" render={(r: RaRecord) => labelOf(personKindChoices, r.reporterKind)} />
        <TextField source="reporterId" />
        <BooleanField source="resolved" />
        <DateField source="resolvedAt" showTime locales="es-CO" emptyText="—" />
        <TextField source="resolvedBy" emptyText="—" />
        <ResolveButton />
      </SimpleShowLayout>
    </Show>
  );
}

// ---- search analytics --------------------------------------------------------------------------

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
