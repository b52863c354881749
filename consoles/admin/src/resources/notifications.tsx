import {
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
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Box } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { labelOf, notificationChannelChoices, notificationStatusChoices, notificationTemplateChoices } from '../choices';
import { csvExporter, field } from '../exporter';
import type { TuercaDataProvider } from '../dataProvider';
import { OneLine, RowAction, StatusChip, type ChipColor } from '../listParts';
import { StoreField, StoreInput, UserInput } from '../pickers';

const STATUS_COLOR: Record<string, ChipColor> = {
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

/** «Reintentar»: a failed message goes back to the queue (POST /admin-api/notifications/:id/retry). Operators only. */
export function RetryButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<TuercaDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'notifications', action: 'retry', record });
  if (!record || record.status !== 'failed' || !canAccess) return null;
  return (
    <RowAction
      label="tuerca.notifications.retry"
      icon={<ReplayIcon />}
      run={() => dataProvider.retry('notifications', { id: record.id })}
      success={() => 'tuerca.notifications.retried'}
    />
  );
}

function NotificationStatus(props: { source: string; label?: string }) {
  return <StatusChip {...props} choices={notificationStatusChoices} colors={STATUS_COLOR} testId="notification-status" />;
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
        <FunctionField source="text" sortable={false} render={(r: RaRecord) => <OneLine text={r.text} width={300} />} />
        <NotificationStatus source="status" />
        <NumberField source="attempts" />
        <FunctionField source="last_error" sortable={false} render={(r: RaRecord) => <OneLine text={r.last_error} width={180} />} />
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
        <NotificationStatus source="status" label="resources.notifications.fields.status" />
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
