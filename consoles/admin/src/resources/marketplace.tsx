import { useState } from 'react';
import {
  ArrayField,
  ArrayInput,
  BooleanField,
  BooleanInput,
  Button,
  Create,
  Datagrid,
  DateField,
  Edit,
  FileField,
  FileInput,
  FunctionField,
  ImageField,
  Labeled,
  List,
  NumberField,
  NumberInput,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleFormIterator,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  maxValue,
  minValue,
  required,
  useCanAccess,
  useGetIdentity,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
  useListContext,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import PublishIcon from '@mui/icons-material/Publish';
import ReplyIcon from '@mui/icons-material/Reply';
import {
  countryChoices,
  currencyChoices,
  importStatusChoices,
  labelOf,
  productStateChoices,
  quotationStateChoices,
  salesModelChoices,
} from '../choices';
import { mercadoLibreRoutes, type AdminProduct, type ImportDetail, type StoreView } from '@tuerca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { useRouteMutation } from '../routes';
import { csvExporter, field } from '../exporter';
import { StoreField, StoreInput } from '../pickers';
import { isStaff } from '../permissions';

/** Sellers and store admins see their own store; the API enforces it, the console keeps the filter in view. */
function useStoreScope(): { storeId?: string; staff: boolean; isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  const roles = (identity?.roles as string[] | undefined) ?? [];
  const staff = isStaff(roles);
  return { storeId: staff ? undefined : ((identity?.storeId as string | null | undefined) ?? undefined), staff, isPending };
}

// ---- stores ------------------------------------------------------------------------------------

const storeExporter = csvExporter<StoreView & RaRecord>('tiendas', [
  field('Id', 'id'),
  field('Nombre', 'name'),
  ['País', (r) => labelOf(countryChoices, r.country)],
  field('Moneda', 'currency'),
  field('Tienda virtual', 'isVirtualStore'),
  field('Ruta', 'pathPrefix'),
  field('Compra mínima', 'minimumPurchaseValue'),
  field('Celular', 'mobile'),
  ['Descuentos', (r) => JSON.stringify(r.purchaseDiscountRules ?? [])],
]);

export function StoreList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="country" source="country" choices={countryChoices} />]}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={storeExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField source="country" render={(r: RaRecord) => labelOf(countryChoices, r.country)} />
        <TextField source="currency" />
        <BooleanField source="isVirtualStore" />
        <TextField source="pathPrefix" emptyText="—" />
        <NumberField source="minimumPurchaseValue" />
        <TextField source="mobile" emptyText="—" />
      </Datagrid>
    </List>
  );
}

function StoreForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} fullWidth />
      <Stack direction="row" spacing={2}>
        <SelectInput source="country" choices={countryChoices} validate={required()} />
        <SelectInput source="currency" choices={currencyChoices} validate={required()} />
      </Stack>
      <TextInput source="mobile" />
      <BooleanInput source="isVirtualStore" />
      <TextInput source="pathPrefix" />
      <TextInput source="logotypeUrl" fullWidth />
      <ImageField source="logotypeUrl" />
      <BooleanInput source="showStoreLogoInProduct" />
      <BooleanInput source="showProductReferences" />
      <BooleanInput source="showStoreNameToUser" />
      <NumberInput source="minimumPurchaseValue" validate={minValue(0)} />
      <ArrayInput source="purchaseDiscountRules">
        <SimpleFormIterator inline>
          <NumberInput source="price_range.0" label={translate('tuerca.stores.from')} />
          <NumberInput source="price_range.1" label={translate('tuerca.stores.to')} />
          <NumberInput source="discount_percentage" label={translate('tuerca.stores.discount')} validate={[minValue(0), maxValue(100)]} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export function StoreEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <StoreForm />
    </Edit>
  );
}

export function StoreCreate() {
  return (
    <Create redirect="list" record={{ country: 'CO', currency: 'COP', purchaseDiscountRules: [] }}>
      <StoreForm />
    </Create>
  );
}

// ---- products ----------------------------------------------------------------------------------

const productExporter = csvExporter<AdminProduct & RaRecord>('productos', [
  field('Id', 'id'),
  field('Tienda', 'storeName'),
  field('Título', 'title'),
  field('Fabricante', 'manufacturer_title'),
  field('Referencia 1', 'referencia_1'),
  field('Referencia 2', 'referencia_2'),
  field('Referencia 3', 'referencia_3'),
  field('Inventario', 'inventario'),
  field('Precio', 'actualPrice'),
  field('Moneda', 'currency'),
  ['Modelo de venta', (r) => labelOf(salesModelChoices, r.salesModel)],
  ['Estado', (r) => labelOf(productStateChoices, r.state)],
  field('Actualizado', 'fecha_actualizacion'),
]);

/** Deplete or republish a product (PUT { state }). */
function ProductStateButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  if (!record || record.state === 'deleted') return null;
  const deplete = record.state === 'published';
  return (
    <Button
      label={deplete ? 'tuerca.products.deplete' : 'tuerca.products.republish'}
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        void update(
          'products',
          { id: record.id, data: { state: deplete ? 'depleted' : 'published' }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(translate(deplete ? 'tuerca.products.depleted' : 'tuerca.products.republished'), { type: 'success' });
              refresh();
            },
            onError: (err) => notify((err as Error).message, { type: 'error' }),
          },
        );
      }}
    >
      {deplete ? <BlockIcon /> : <PublishIcon />}
    </Button>
  );
}

/**
 * issue 18: a seller lists the chosen products of their store on MercadoLibre (with their compatibilities, sent in the
 * background). A marketplace-integration plan in force and its free publications bound how many: the refusal says why.
 */
function PublishInMlButton({ storeId }: { storeId: string }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const publish = useRouteMutation(mercadoLibreRoutes.publish, (ids: string[]) => ({ body: { store_id: storeId, product_ids: ids } }), {
    onSuccess: (answer: { metadata?: { message?: string } }) => {
      if (answer.metadata?.message) notify(answer.metadata.message, { type: 'success' });
      onUnselectItems();
      void queryClient.invalidateQueries();
    },
    onError: (err: Error) => notify(err.message, { type: 'error', autoHideDuration: 10_000 }),
  });
  return (
    <Button
      label="tuerca.channels.publishSelected"
      disabled={publish.isPending || selectedIds.length === 0}
      onClick={() => publish.mutate(selectedIds.map(String))}
    >
      <StorefrontIcon />
    </Button>
  );
}

export function ProductList() {
  const translate = useTranslate();
  const { storeId, staff, isPending } = useStoreScope();
  const { canAccess: canEdit, isPending: checking } = useCanAccess({ resource: 'products', action: 'edit' });
  if (isPending || checking) return null;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <TextInput key="reference" source="reference" alwaysOn />,
    <SelectInput key="state" source="state" choices={productStateChoices} />,
    <SelectInput key="salesModel" source="salesModel" choices={salesModelChoices} />,
    ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : []),
  ];
  return (
    <List
      filters={filters}
      filter={storeId ? { storeId } : undefined}
      sort={{ field: 'fecha_actualizacion', order: 'DESC' }}
      exporter={productExporter}
      perPage={25}
      title={staff ? undefined : `${translate('resources.products.name', { smart_count: 2 })}`}
    >
      {!staff && (
        <Alert severity="info" sx={{ m: 1 }}>
          {translate('tuerca.products.ownStoreOnly')}
        </Alert>
      )}
      <Datagrid rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={storeId ? <PublishInMlButton storeId={storeId} /> : false}>
        <TextField source="storeName" />
        <TextField source="title" />
        <TextField source="manufacturer_title" emptyText="—" />
        <TextField source="referencia_1" />
        <NumberField source="inventario" />
        <FunctionField
          source="actualPrice"
          render={(r: RaRecord) =>
            new Intl.NumberFormat(r.currency === 'MXN' ? 'es-MX' : 'es-CO', {
              style: 'currency',
              currency: String(r.currency ?? 'COP'),
            }).format(Number(r.actualPrice ?? 0))
          }
        />
        <FunctionField source="salesModel" render={(r: RaRecord) => labelOf(salesModelChoices, r.salesModel)} />
        <FunctionField
          source="state"
          render={(r: RaRecord) => (
            <Chip size="small" color={r.state === 'published' ? 'success' : 'default'} label={labelOf(productStateChoices, r.state)} />
          )}
        />
        <DateField source="fecha_actualizacion" locales="es-CO" />
        {canEdit ? <ProductStateButton /> : null}
      </Datagrid>
    </List>
  );
}

/** A product as it is (advisers, who read but do not edit). */
export function ProductShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="storeName" />
        <TextField source="title" />
        <TextField source="manufacturer_title" emptyText="—" />
        <TextField source="referencia_1" />
        <TextField source="referencia_2" emptyText="—" />
        <TextField source="referencia_3" emptyText="—" />
        <TextField source="descripcion" emptyText="—" />
        <NumberField source="inventario" />
        <NumberField source="actualPrice" />
        <TextField source="currency" />
        <FunctionField source="salesModel" render={(r: RaRecord) => labelOf(salesModelChoices, r.salesModel)} />
        <FunctionField source="state" render={(r: RaRecord) => labelOf(productStateChoices, r.state)} />
        <BooleanField source="available" />
        <DateField source="fecha_actualizacion" showTime locales="es-CO" />
      </SimpleShowLayout>
    </Show>
  );
}

export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <Labeled>
          <TextField source="storeName" />
        </Labeled>
        <TextInput source="title" validate={required()} fullWidth />
        <TextInput source="manufacturer_title" fullWidth />
        <Stack direction="row" spacing={2}>
          <TextInput source="referencia_1" />
          <TextInput source="referencia_2" />
          <TextInput source="referencia_3" />
        </Stack>
        <Stack direction="row" spacing={2}>
          <NumberInput source="inventario" validate={minValue(0)} />
          <NumberInput source="actualPrice" validate={minValue(0)} />
          <SelectInput source="currency" choices={currencyChoices} />
        </Stack>
        <SelectInput source="salesModel" choices={salesModelChoices} />
        <SelectInput source="state" choices={productStateChoices.filter((c) => c.id !== 'deleted')} />
      </SimpleForm>
    </Edit>
  );
}

// ---- quotations --------------------------------------------------------------------------------

const quotationExporter = csvExporter('cotizaciones', [
  field('Id', 'id'),
  field('Producto', 'productTitle'),
  field('Referencia', 'reference'),
  field('Tienda', 'storeName'),
  field('Cliente', 'customerName'),
  field('Cantidad', 'quantity'),
  ['Estado', (r) => labelOf(quotationStateChoices, r.state)],
  field('Solicitada', 'requestedAt'),
  field('Respondida', 'respondedAt'),
  field('Horas para comprar', 'remainingTime'),
]);

/** Answer a quotation: available with the hours the customer has to buy, or not available. */
function RespondButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'quotations', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState('24');
  const [update, { isPending }] = useUpdate();
  if (!record || record.state !== 'awaiting' || !canAccess) return null;
  const answer = (data: Record<string, unknown>) =>
    update(
      'quotations',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(translate('tuerca.quotations.answered'), { type: 'success' });
          refresh();
        },
        onError: (err) => notify((err as Error).message, { type: 'error' }),
      },
    );
  return (
    <>
      <Button
        label="tuerca.quotations.respond"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <ReplyIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>
          {translate('tuerca.quotations.respond')}: {String(record.productTitle ?? '')}
        </DialogTitle>
        <DialogContent>
          <MuiTextField
            label={translate('tuerca.quotations.hours')}
            type="number"
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 720 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="tuerca.quotations.notAvailable" disabled={isPending} onClick={() => void answer({ state: 'not_available' })} />
          <Button
            label="tuerca.quotations.available"
            variant="contained"
            disabled={isPending || !(Number(hours) >= 1)}
            onClick={() => void answer({ state: 'available', remainingTime: Number(hours) })}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

export function QuotationList() {
  const { storeId, staff, isPending } = useStoreScope();
  if (isPending) return null;
  return (
    <List
      filters={[
        <SelectInput key="state" source="state" choices={quotationStateChoices} alwaysOn />,
        ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : []),
      ]}
      filter={storeId ? { storeId } : undefined}
      sort={{ field: 'requestedAt', order: 'DESC' }}
      exporter={quotationExporter}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="requestedAt" showTime locales="es-CO" />
        <TextField source="productTitle" />
        <TextField source="reference" />
        <TextField source="storeName" />
        <TextField source="customerName" />
        <NumberField source="quantity" />
        <FunctionField source="state" render={(r: RaRecord) => <Chip size="small" label={labelOf(quotationStateChoices, r.state)} />} />
        <TextField source="remainingTime" emptyText="—" />
        <RespondButton />
      </Datagrid>
    </List>
  );
}

export function QuotationShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="productTitle" />
        <TextField source="reference" />
        <TextField source="storeName" />
        <TextField source="customerName" />
        <NumberField source="quantity" />
        <FunctionField source="state" render={(r: RaRecord) => labelOf(quotationStateChoices, r.state)} />
        <DateField source="requestedAt" showTime locales="es-CO" />
        <DateField source="respondedAt" showTime locales="es-CO" emptyText="—" />
        <DateField source="windowExpiresAt" showTime locales="es-CO" emptyText="—" />
        <TextField source="remainingTime" emptyText="—" />
        <RespondButton />
      </SimpleShowLayout>
    </Show>
  );
}

// ---- product imports ---------------------------------------------------------------------------

const importExporter = csvExporter<ImportDetail & RaRecord>('importaciones', [
  field('Id', 'id'),
  field('Tienda', 'storeId'),
  field('Archivo', 'fileName'),
  ['Estado', (r) => labelOf(importStatusChoices, r.status)],
  field('Avance', 'progress'),
  field('Filas', 'rowCount'),
  field('Errores', 'errorCount'),
  field('Recibida', 'createdAt'),
]);

const running = (status: unknown) => status === 'queued' || status === 'running';

function ProgressField(_: { source?: string; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={Number(record.progress ?? 0)}
        color={record.status === 'rejected' ? 'error' : record.status === 'imported' ? 'success' : 'primary'}
      />
      <Typography variant="caption">
        {labelOf(importStatusChoices, record.status)} · {Number(record.progress ?? 0)} %
      </Typography>
    </Box>
  );
}

export function ProductImportList() {
  const { storeId, staff, isPending } = useStoreScope();
  if (isPending) return null;
  return (
    <List
      filters={[
        <SelectInput key="status" source="status" choices={importStatusChoices} alwaysOn />,
        ...(staff ? [<StoreInput key="storeId" source="storeId" alwaysOn />] : []),
      ]}
      filter={storeId ? { storeId } : undefined}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={importExporter}
      queryOptions={{
        refetchInterval: (query) =>
          (query.state.data as { data?: RaRecord[] } | undefined)?.data?.some((r) => running(r.status)) ? 2000 : false,
      }}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime locales="es-CO" />
        <TextField source="fileName" />
        <StoreField source="storeId" label="resources.product-imports.fields.storeId" />
        <ProgressField source="progress" />
        <NumberField source="rowCount" label="resources.product-imports.fields.rows" />
        <NumberField source="errorCount" />
      </Datagrid>
    </List>
  );
}

/** The import, polled every 2 seconds while it is queued or running, with its row errors. */
export function ProductImportShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data } = useGetOne(
    'product-imports',
    { id: id! },
    { enabled: Boolean(id), refetchInterval: (query) => (running((query.state.data as RaRecord | undefined)?.status) ? 2000 : false) },
  );
  return (
    <Show queryOptions={{ refetchInterval: running(data?.status) ? 2000 : false }}>
      <SimpleShowLayout>
        <TextField source="fileName" />
        <StoreField source="storeId" />
        <ProgressField source="progress" label="resources.product-imports.fields.progress" />
        {running(data?.status) && <Typography variant="caption">{translate('tuerca.imports.polling')}</Typography>}
        <NumberField source="rowCount" label="resources.product-imports.fields.rows" />
        <NumberField source="errorCount" />
        <DateField source="createdAt" showTime locales="es-CO" />
        <ArrayField source="errors">
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            empty={<Typography variant="body2">{translate('tuerca.imports.noErrors')}</Typography>}
          >
            <NumberField source="row" label="resources.product-imports.fields.row" />
            <TextField source="column" label="resources.product-imports.fields.column" />
            <TextField source="message" label="resources.product-imports.fields.message" />
          </Datagrid>
        </ArrayField>
        {/* issue 18: rows imported with a brand label the store has not mapped to a PIES brand. */}
        <NumberField source="warningCount" />
        <ArrayField source="warnings">
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            empty={<Typography variant="body2">{translate('tuerca.imports.noWarnings')}</Typography>}
          >
            <NumberField source="row" label="resources.product-imports.fields.row" />
            <TextField source="column" label="resources.product-imports.fields.column" />
            <TextField source="message" label="resources.product-imports.fields.warning" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Upload: POST { storeId, fileName, contentBase64 }; then the import's page shows its progress. */
export function ProductImportCreate() {
  const translate = useTranslate();
  const { storeId, staff, isPending } = useStoreScope();
  if (isPending) return null;
  return (
    <Create
      redirect="show"
      transform={async (data: RaRecord) => {
        const file = (data.file as { rawFile?: File } | undefined)?.rawFile;
        if (!file) return data;
        return { storeId: data.storeId ?? storeId, fileName: file.name, contentBase64: await readAsBase64(file) };
      }}
    >
      <SimpleForm
        defaultValues={{ storeId }}
        toolbar={
          <Toolbar>
            <SaveButton label="tuerca.imports.upload" alwaysEnable={false} />
          </Toolbar>
        }
      >
        <StoreInput source="storeId" isRequired disabled={!staff} />
        <FileInput
          source="file"
          accept={{
            'text/csv': ['.csv'],
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
          }}
          validate={required()}
          helperText={translate('tuerca.imports.fileHelp')}
        >
          <FileField source="src" title="title" />
        </FileInput>
      </SimpleForm>
    </Create>
  );
}
