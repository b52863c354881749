import { useState } from 'react';
import {
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useCanAccess,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import {
  Alert,
  AlertTitle,
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
import ReplyIcon from '@mui/icons-material/Reply';
import type { QuestionView } from '@tuerca/contracts';
import { labelOf, questionAnswerChoices, questionStateChoices } from '../choices';
import { csvExporter, field } from '../exporter';
import { StoreInput } from '../pickers';
import { isStaff } from '../permissions';

/**
 * Product questions (spec 000 §7 "Product questions"): sellers and store admins see and answer their store's,
 * operators every store's (advisers read). The answer is «Sí, es compatible», «No es compatible» or «Necesito
 * el VIN», with a comment; a yes adds the vehicle to the product's compatible vehicles.
 */

const exporter = csvExporter<QuestionView & RaRecord>('preguntas', [
  field('Id', 'id'),
  field('Preguntada', 'createdAt'),
  field('Tienda', 'storeName'),
  field('Referencia', 'product_reference'),
  field('Pregunta', 'questionText'),
  field('Cliente', 'askerName'),
  ['Estado', (r) => labelOf(questionStateChoices, r.state)],
  ['Respuesta', (r) => (r.answer ? labelOf(questionAnswerChoices, r.answer) : '')],
  field('Comentario', 'response'),
]);

const vehicleText = (r: RaRecord) => [r.vehicle?.brand, r.vehicle?.model, r.vehicle?.year ?? ''].join(' ').trim();

function AnswerButton() {
  const record = useRecordContext<QuestionView & RaRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'product-questions', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<string>('yes');
  const [response, setResponse] = useState('');
  const [update, { isPending }] = useUpdate();
  if (!record || record.state !== 'pending' || !canAccess) return null;
  const send = () =>
    update(
      'product-questions',
      { id: record.id, data: { answer, response: response.trim() || null }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(translate('tuerca.questions.answered'), { type: 'success' });
          refresh();
        },
        onError: (err) => notify((err as Error).message, { type: 'error' }),
      },
    );
  return (
    <>
      <Button
        label="tuerca.questions.answer"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <ReplyIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="sm">
        <DialogTitle>
          {translate('tuerca.questions.answer')}: {record.product?.title ?? record.product_description}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{record.questionText}</Typography>
            {record.comment ? <Typography variant="body2">«{record.comment}»</Typography> : null}
            {record.follow_up ? <Typography variant="body2">«{record.follow_up}»</Typography> : null}
            <MuiTextField
              select
              label={translate('resources.product-questions.fields.answer')}
              value={answer}
              onChange={(e) => setAnswer(e.target.value)}
            >
              {questionAnswerChoices.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </MuiTextField>
            <MuiTextField
              label={translate('resources.product-questions.fields.response')}
              value={response}
              onChange={(e) => setResponse(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 1000 }, inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label="tuerca.questions.send" variant="contained" disabled={isPending} onClick={() => void send()} />
        </DialogActions>
      </Dialog>
    </>
  );
}

function VerdictField(_: { label?: string }) {
  const record = useRecordContext<QuestionView & RaRecord>();
  const translate = useTranslate();
  if (!record?.verdict) return null;
  const severity = ({ yes: 'success', probable: 'info', no: 'error', need_vin: 'warning' } as const)[record.verdict.verdict];
  return (
    <Alert severity={severity}>
      <AlertTitle>
        {translate('tuerca.questions.verdict')}: {record.verdict.label}
      </AlertTitle>
      {record.verdict.evidence.map((e) => (
        <Typography variant="body2" key={e.text}>
          {e.text}
        </Typography>
      ))}
    </Alert>
  );
}

export function QuestionList() {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return null;
  const staff = isStaff((identity?.roles as string[] | undefined) ?? []);
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="state" source="state" choices={questionStateChoices} alwaysOn />,
        ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : []),
      ]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={exporter}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime locales="es-CO" />
        <FunctionField source="product" sortable={false} render={(r: RaRecord) => r.product?.title ?? r.product_description} />
        <TextField source="product_reference" sortable={false} />
        <FunctionField source="vehicle" sortable={false} render={vehicleText} />
        {staff ? <TextField source="storeName" sortable={false} /> : null}
        <TextField source="askerName" sortable={false} emptyText="—" />
        <FunctionField
          source="state"
          render={(r: RaRecord) => (
            <Chip size="small" color={r.state === 'answered' ? 'success' : 'default'} label={labelOf(questionStateChoices, r.state)} />
          )}
        />
        <FunctionField
          source="answer"
          sortable={false}
          render={(r: RaRecord) => (r.answer ? labelOf(questionAnswerChoices, r.answer) : '—')}
        />
        <AnswerButton />
      </Datagrid>
    </List>
  );
}

export function QuestionShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <FunctionField source="product" render={(r: RaRecord) => r.product?.title ?? r.product_description} />
        <TextField source="product_reference" />
        <TextField source="storeName" />
        <TextField source="questionText" />
        <FunctionField source="vehicle" render={(r: RaRecord) => `${vehicleText(r)}${r.vehicle?.vin ? ` · VIN ${r.vehicle.vin}` : ''}`} />
        <TextField source="askerName" emptyText="—" />
        <TextField source="comment" emptyText="—" />
        <TextField source="follow_up" emptyText="—" />
        <DateField source="createdAt" showTime locales="es-CO" />
        <FunctionField source="state" render={(r: RaRecord) => labelOf(questionStateChoices, r.state)} />
        <FunctionField source="answer" render={(r: RaRecord) => (r.answer ? labelOf(questionAnswerChoices, r.answer) : '—')} />
        <TextField source="response" emptyText="—" />
        <DateField source="answeredAt" showTime locales="es-CO" emptyText="—" />
        <VerdictField label="tuerca.questions.verdict" />
        <AnswerButton />
      </SimpleShowLayout>
    </Show>
  );
}
