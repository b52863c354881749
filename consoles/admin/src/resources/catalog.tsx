import {
  BooleanField,
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
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
import DoneIcon from '@mui/icons-material/Done';
import UndoIcon from '@mui/icons-material/Undo';
import { labelOf, personKindChoices } from '../choices';
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
