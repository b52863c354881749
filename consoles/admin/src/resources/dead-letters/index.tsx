import { useState } from 'react';
import {
  Button,
  Confirm,
  Datagrid,
  DateField,
  FunctionField,
  List,
  ListButton,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Alert, Box } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { deadLetterStatusChoices, labelOf } from '../../choices';
import { csvExporter, field } from '../../exporter';
import type { TuercaDataProvider } from '../../dataProvider';
import { OneLine, RowAction, StatusChip, type ChipColor } from '../../listParts';

/**
 * The kernel's dead letters: events a context could not apply, with the payload and the error. An operator
 * fixes the cause and replays one, or every pending event of a consumer group; the worker applies each once.
 */

const STATUS_COLOR: Record<string, ChipColor> = {
  open: 'error',
  'replay-requested': 'info',
  resolved: 'success',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={deadLetterStatusChoices} alwaysOn />,
  <TextInput key="consumer_group" source="consumer_group" />,
  <TextInput key="type" source="type" />,
];

const exporter = csvExporter('eventos-no-aplicados', [
  field('Id', 'id'),
  field('Falló', 'failed_at'),
  field('Grupo de consumidores', 'consumer_group'),
  field('Evento', 'type'),
  field('Versión', 'version'),
  field('Id del evento', 'event_id'),
  ['Estado', (r) => labelOf(deadLetterStatusChoices, r.status)],
  field('Intentos', 'attempts'),
  field('Reaplicaciones', 'replays'),
  field('Error', 'error'),
]);

/** «Reaplicar»: asks the worker to apply this event again (POST /admin-api/dead-letters/:id/replay). */
export function ReplayButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<TuercaDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'dead-letters', action: 'replay', record });
  if (!record || record.status === 'resolved' || !canAccess) return null;
  return (
    <RowAction
      label="tuerca.deadLetters.replay"
      icon={<ReplayIcon />}
      run={() => dataProvider.replay('dead-letters', { id: record.id })}
      success={({ data }) => (data.status === 'resolved' ? 'tuerca.deadLetters.alreadyResolved' : 'tuerca.deadLetters.replayed')}
    />
  );
}

function DeadLetterStatus(props: { source: string; label?: string }) {
  return <StatusChip {...props} choices={deadLetterStatusChoices} colors={STATUS_COLOR} testId="dead-letter-status" />;
}

/** «Reaplicar todo el grupo»: shown when the list is filtered by one consumer group. */
function ReplayGroupButton() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TuercaDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'dead-letters', action: 'replay' });
  const [open, setOpen] = useState(false);
  const group = typeof filterValues.consumer_group === 'string' ? filterValues.consumer_group.trim() : '';
  if (!group || !canAccess) return null;
  const confirm = async () => {
    setOpen(false);
    try {
      const { data } = await dataProvider.replayGroup(group);
      notify(translate('tuerca.deadLetters.replayGroupDone', { smart_count: data.requested }), { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button label="tuerca.deadLetters.replayGroup" onClick={() => setOpen(true)}>
        <PlaylistPlayIcon />
      </Button>
      <Confirm
        isOpen={open}
        title="tuerca.deadLetters.replayGroup"
        content={translate('tuerca.deadLetters.replayGroupConfirm', { group })}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <ReplayGroupButton />
    </TopToolbar>
  );
}

export function DeadLetterList() {
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'failed_at', order: 'DESC' }}
      exporter={exporter}
      actions={<ListActions />}
      perPage={25}
    >
      <Alert severity="info" sx={{ mx: 2, mt: 1 }}>
        {translate('tuerca.deadLetters.help')}
      </Alert>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="failed_at" showTime locales="es-CO" />
        <TextField source="consumer_group" />
        <FunctionField source="type" render={(r: RaRecord) => `${String(r.type)} v${String(r.version)}`} />
        <DeadLetterStatus source="status" />
        <NumberField source="attempts" />
        <FunctionField source="error" sortable={false} render={(r: RaRecord) => <OneLine text={r.error} width={320} />} />
        <NumberField source="replays" />
        <ReplayButton />
      </Datagrid>
    </List>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <ReplayButton />
      <ListButton />
    </TopToolbar>
  );
}

export function DeadLetterShow() {
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <DeadLetterStatus source="status" label="resources.dead-letters.fields.status" />
        <TextField source="consumer_group" />
        <FunctionField source="type" render={(r: RaRecord) => `${String(r.type)} v${String(r.version)}`} />
        <TextField source="event_id" />
        <FunctionField
          source="error"
          render={(r: RaRecord) => (
            <Box data-testid="dead-letter-error" sx={{ whiteSpace: 'pre-wrap', color: 'error.main', maxWidth: 900 }}>
              {String(r.error ?? '')}
            </Box>
          )}
        />
        <NumberField source="attempts" />
        <DateField source="failed_at" showTime locales="es-CO" />
        <DateField source="replay_requested_at" showTime locales="es-CO" emptyText="—" />
        <NumberField source="replays" />
        <DateField source="last_replayed_at" showTime locales="es-CO" emptyText="—" />
        <DateField source="resolved_at" showTime locales="es-CO" emptyText="—" />
        <FunctionField
          source="envelope"
          render={(r: RaRecord) => (
            <Box
              component="pre"
              data-testid="dead-letter-envelope"
              sx={{ p: 1.5, bgcolor: 'grey.100', borderRadius: 1, maxWidth: 900, overflowX: 'auto', fontSize: 13, m: 0 }}
            >
              {JSON.stringify(r.envelope, null, 2)}
            </Box>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}

export const deadLetterRepresentation = (r: RaRecord) => `${String(r.type)} · ${String(r.consumer_group)}`;
