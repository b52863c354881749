import { useEffect, useState } from 'react';
import {
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useCanAccess,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { Autocomplete, Box, Checkbox, Chip, FormControlLabel, Paper, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import type { AdminProduct, AdminQuoteRequest } from '@tuerca/contracts';
import { labelOf, quoteRequestStateChoices } from '../choices';
import { isStaff } from '../permissions';
import { StoreField, StoreInput } from '../pickers';

/**
 * Quotation requests that reached a store (the customer console's '/home/page/cotizacion'): sellers list theirs,
 * open one and answer it once — per part, one of the store's products and its unit price, or nothing (not
 * available). PUT /admin-api/quote-requests/:id; the requester compares the answers and buys at that price.
 */

type Line = AdminQuoteRequest['lines'][number];
interface Draft {
  available: boolean;
  product: AdminProduct | null;
  price: string;
}

function StateChip() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.state === 'answered' ? 'success' : 'warning'}
      label={labelOf(quoteRequestStateChoices, record.state)}
    />
  );
}

export function QuoteRequestList() {
  const { identity, isPending } = useGetIdentity();
  const staff = isStaff((identity?.roles as string[] | undefined) ?? []);
  if (isPending) return null;
  return (
    <List
      filters={[
        <SelectInput key="state" source="state" choices={quoteRequestStateChoices} alwaysOn />,
        ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : []),
      ]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime locales="es-CO" />
        <TextField source="vehicle" />
        <FunctionField
          source="lines"
          sortable={false}
          render={(r: RaRecord) => (r.lines as Line[]).map((l) => `${l.amount} × ${l.name}`).join(', ')}
        />
        <TextField source="customerName" emptyText="—" />
        <TextField source="city" />
        {staff ? <StoreField source="storeId" /> : null}
        <FunctionField source="state" render={() => <StateChip />} />
      </Datagrid>
    </List>
  );
}

/** Products of the store to offer for one part, searched by name or part number as the seller types. */
function ProductPicker({
  storeId,
  line,
  value,
  onChange,
}: {
  storeId: string;
  line: Line;
  value: AdminProduct | null;
  onChange(p: AdminProduct | null): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [text, setText] = useState(line.reference ?? line.name);
  const [options, setOptions] = useState<AdminProduct[]>([]);
  useEffect(() => {
    let live = true;
    const q = text.trim();
    const timer = setTimeout(() => {
      dataProvider
        .getList<AdminProduct & RaRecord>('products', {
          filter: { storeId, ...(q ? { q } : {}) },
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'title', order: 'ASC' },
        })
        .then((res) => live && setOptions(res.data))
        .catch(() => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, storeId, dataProvider]);
  return (
    <Autocomplete
      openOnFocus
      options={options}
      value={value}
      filterOptions={(x) => x}
      getOptionLabel={(p) => `${p.title} · ${p.referencia_1}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, p) => onChange(p)}
      inputValue={value ? `${value.title} · ${value.referencia_1}` : text}
      onInputChange={(_e, v, reason) => reason === 'input' && setText(v)}
      renderInput={(params) => <MuiTextField {...params} label={translate('tuerca.quoteRequests.product')} size="small" />}
      sx={{ flex: 3, minWidth: 220 }}
    />
  );
}

/** The answer form (pending requests, people who may answer) or the answer given. */
function AnswerPanel() {
  const record = useRecordContext<AdminQuoteRequest & RaRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'quote-requests', action: 'edit' });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [comment, setComment] = useState('');
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const answering = record.state === 'awaiting' && canAccess;
  const draft = (id: string): Draft => drafts[id] ?? { available: false, product: null, price: '' };
  const set = (id: string, change: Partial<Draft>) => setDrafts((d) => ({ ...d, [id]: { ...draft(id), ...change } }));
  const send = () =>
    update(
      'quote-requests',
      {
        id: record.id,
        data: {
          lines: record.lines.map((l) => {
            const d = draft(l.id);
            return d.available
              ? { lineId: l.id, available: true, productId: d.product?.id ?? null, price: Number(d.price) }
              : { lineId: l.id, available: false };
          }),
          comment: comment || undefined,
        },
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('tuerca.quoteRequests.answered'), { type: 'success' });
          refresh();
        },
        onError: (err) => notify((err as Error).message, { type: 'error' }),
      },
    );
  return (
    <Stack spacing={1.5} sx={{ width: '100%' }}>
      {record.lines.map((l) => {
        const d = draft(l.id);
        return (
          <Paper key={l.id} variant="outlined" sx={{ p: 1.5 }} data-testid="quote-request-line">
            <Typography sx={{ fontWeight: 700 }}>
              {l.amount} × {l.name}{' '}
              <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
                {l.reference ?? translate('tuerca.quoteRequests.noReference')}
              </Typography>
            </Typography>
            {answering ? (
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { md: 'center' } }}>
                <FormControlLabel
                  control={<Checkbox checked={d.available} onChange={(e) => set(l.id, { available: e.target.checked })} />}
                  label={translate('tuerca.quoteRequests.available')}
                />
                {d.available ? (
                  <>
                    <ProductPicker
                      storeId={record.storeId}
                      line={l}
                      value={d.product}
                      onChange={(p) => set(l.id, { product: p, price: p && !d.price ? String(p.actualPrice) : d.price })}
                    />
                    <MuiTextField
                      label={translate('tuerca.quoteRequests.price')}
                      size="small"
                      value={d.price}
                      onChange={(e) => set(l.id, { price: e.target.value.replace(/[^\d.]/g, '') })}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      sx={{ flex: 1, minWidth: 140 }}
                    />
                  </>
                ) : null}
              </Stack>
            ) : l.offer?.available ? (
              <Typography variant="body2">
                {l.offer.productTitle} · {l.offer.productReference} · {l.offer.price} {l.offer.currency}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('tuerca.quoteRequests.notOffered')}
              </Typography>
            )}
          </Paper>
        );
      })}
      {answering ? (
        <Box>
          <MuiTextField
            label={translate('tuerca.quoteRequests.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Button
            label="tuerca.quoteRequests.send"
            variant="contained"
            sx={{ mt: 1 }}
            disabled={
              isPending || record.lines.some((l) => draft(l.id).available && (!draft(l.id).product || !(Number(draft(l.id).price) >= 1)))
            }
            onClick={() => void send()}
          />
        </Box>
      ) : null}
    </Stack>
  );
}

export function QuoteRequestShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <FunctionField source="state" render={() => <StateChip />} />
        <TextField source="vehicle" />
        <TextField source="customerName" emptyText="—" />
        <TextField source="city" />
        <TextField source="comment" emptyText="—" />
        <DateField source="createdAt" showTime locales="es-CO" />
        <TextField source="sellerComment" emptyText="—" />
        <FunctionField source="lines" render={() => <AnswerPanel />} />
      </SimpleShowLayout>
    </Show>
  );
}
