import { useEffect, useState } from 'react';
import {
  BooleanField,
  Button,
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
  Title,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Card, CardActions, CardContent, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { mercadoLibreRoutes, merchantRoutes } from '@tuerca/contracts';
import {
  connectionStateChoices as connectionChoices,
  labelOf,
  listingStatusChoices,
  mlAuthorizationOutcomes,
  salesChannelChoices as channelChoices,
} from '../choices';
import { StoreInput } from '../pickers';
import { useRouteMutation, useRouteQuery } from '../routes';
import type { TuercaDataProvider } from '../dataProvider';

/** The store's outside sales channels (issue 18): MercadoLibre and Google Merchant Center, in Spanish. */

const STATUS_COLOR: Record<string, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pending: 'info',
  active: 'success',
  paused: 'warning',
  closed: 'default',
  under_review: 'info',
  error: 'error',
  connected: 'success',
  not_connected: 'default',
};

function StateChip({ value, choices, testId }: { value: string; choices: { id: string; name: string }[]; testId?: string }) {
  return <Chip size="small" color={STATUS_COLOR[value] ?? 'default'} label={labelOf(choices, value)} data-testid={testId} />;
}

function Figure({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="h5" component="p" data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

// ---- the seller's page: /channels -----------------------------------------------------------------

/** The outcome MercadoLibre's authorization sends the seller back with (`?mercadolibre=`). */
function useAuthorizationOutcome() {
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const translate = useTranslate();
  const outcome = params.get('mercadolibre');
  useEffect(() => {
    if (!outcome) return;
    const ok = outcome === 'connected';
    notify(translate(`tuerca.channels.outcomes.${mlAuthorizationOutcomes.includes(outcome) ? outcome : 'error'}`), {
      type: ok ? 'success' : 'error',
    });
    params.delete('mercadolibre');
    setParams(params, { replace: true });
  }, [outcome, notify, translate, params, setParams]);
}

/** A seller's or store admin's store: its MercadoLibre account, listings' indicators and its Merchant Center feed. */
export function ChannelsPage() {
  const { identity, isPending } = useGetIdentity();
  const storeId = (identity?.storeId as string | null | undefined) ?? null;
  const translate = useTranslate();
  useAuthorizationOutcome();
  if (isPending) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="tuerca.channels.title" />
      {storeId ? (
        <StoreChannels storeId={storeId} />
      ) : (
        <Alert severity="info" data-testid="channels-no-store">
          {translate('tuerca.channels.noStore')}
        </Alert>
      )}
    </Box>
  );
}

function StoreChannels({ storeId }: { storeId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const after = {
    onSuccess: (answer: { metadata?: { message?: string } }) => {
      if (answer.metadata?.message) notify(answer.metadata.message, { type: 'success' });
      void queryClient.invalidateQueries();
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  };
  const connection = useRouteQuery(mercadoLibreRoutes.connection, { query: { store_id: storeId } });
  const indicators = useRouteQuery(mercadoLibreRoutes.indicators, { query: { storeId } });
  const merchant = useRouteQuery(merchantRoutes.state, { query: { store_id: storeId } });
  const authorize = useRouteMutation(mercadoLibreRoutes.authorize, () => ({ query: { store_id: storeId } }), {
    onSuccess: (answer) => window.location.assign(answer.data.authorization_url),
    onError: after.onError,
  });
  const disconnect = useRouteMutation(mercadoLibreRoutes.disconnect, () => ({ query: { store_id: storeId } }), after);
  const publish = useRouteMutation(mercadoLibreRoutes.publish, () => ({ body: { store_id: storeId } }), after);
  const enable = useRouteMutation(merchantRoutes.enable, () => ({ body: { store_id: storeId } }), after);
  const withdraw = useRouteMutation(merchantRoutes.deleteAll, () => ({ params: { id: storeId } }), after);

  const c = connection.data?.data;
  const i = indicators.data?.data;
  const m = merchant.data?.data;
  const connected = c?.state === 'connected';
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card data-testid="channels-mercadolibre">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2">
                {translate('tuerca.channels.mercadolibre')}
              </Typography>
              {c && <StateChip value={c.state} choices={connectionChoices} testId="ml-state" />}
              {c?.site_id && <Chip size="small" variant="outlined" label={c.site_id === 'MLM' ? 'México (MLM)' : 'Colombia (MCO)'} />}
            </Stack>
            {c?.ml_nickname && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('tuerca.channels.account', { nickname: c.ml_nickname })}
              </Typography>
            )}
            {c?.last_error && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {c.last_error}
              </Alert>
            )}
            {i && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1 }}>
                <Figure label={translate('tuerca.channels.published')} value={i.published} testId="ml-published" />
                <Figure label={translate('tuerca.channels.paused')} value={i.paused} testId="ml-paused" />
                <Figure label={translate('tuerca.channels.pending')} value={i.pending} />
                <Figure label={translate('tuerca.channels.withErrors')} value={i.with_errors} testId="ml-errors" />
                <Figure
                  label={translate('tuerca.channels.completeCompatibilities')}
                  value={`${i.with_complete_compatibilities} / ${i.products}`}
                />
                <Figure
                  label={translate('tuerca.channels.freePublications')}
                  value={`${i.free_publications.remaining} / ${i.free_publications.amount}`}
                  testId="ml-free"
                />
              </Stack>
            )}
            {i && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="ml-plan">
                {i.free_publications.plan_expires_at
                  ? translate('tuerca.channels.planUntil', {
                      date: new Date(i.free_publications.plan_expires_at).toLocaleDateString('es-CO'),
                    })
                  : translate('tuerca.channels.noPlan', { free: i.free_publications.amount })}
              </Typography>
            )}
            {i && i.without_compatibilities > 0 && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {translate('tuerca.channels.withoutCompatibilities', { smart_count: i.without_compatibilities })}
              </Alert>
            )}
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              label={connected ? 'tuerca.channels.reconnect' : 'tuerca.channels.connect'}
              onClick={() => authorize.mutate(undefined)}
              disabled={authorize.isPending}
            />
            {connected && (
              <Button
                variant="outlined"
                label="tuerca.channels.publish"
                onClick={() => publish.mutate(undefined)}
                disabled={publish.isPending}
              />
            )}
            {connected && (
              <Button label="tuerca.channels.disconnect" onClick={() => disconnect.mutate(undefined)} disabled={disconnect.isPending} />
            )}
          </CardActions>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card data-testid="channels-merchant">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2">
                {translate('tuerca.channels.merchant')}
              </Typography>
              {m && (
                <Chip
                  size="small"
                  color={m.enabled ? 'success' : 'default'}
                  label={translate(m.enabled ? 'tuerca.channels.merchantOn' : 'tuerca.channels.merchantOff')}
                />
              )}
            </Stack>
            {m && (
              <>
                <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-all' }}>
                  {translate('tuerca.channels.feed')}{' '}
                  <Link href={m.feed_url} target="_blank" rel="noopener">
                    {m.feed_url}
                  </Link>
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
                  <Figure label={translate('tuerca.channels.inFeed')} value={m.inserted} testId="gmc-inserted" />
                  <Figure label={translate('tuerca.channels.pending')} value={m.pending} />
                  <Figure label={translate('tuerca.channels.withErrors')} value={m.with_errors} />
                </Stack>
              </>
            )}
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              label="tuerca.channels.merchantEnable"
              onClick={() => enable.mutate(undefined)}
              disabled={enable.isPending}
            />
            {m?.enabled && (
              <Button label="tuerca.channels.merchantWithdraw" onClick={() => withdraw.mutate(undefined)} disabled={withdraw.isPending} />
            )}
          </CardActions>
        </Card>
      </Grid>
    </Grid>
  );
}

// ---- operators: channel-stores and channel-listings ---------------------------------------------------

const storeFilters = [<SearchInput key="q" source="q" alwaysOn />];

export function ChannelStoreList() {
  return (
    <List filters={storeFilters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="country" />
        <FunctionField
          source="ml_state"
          sortable={false}
          render={(r: RaRecord) => <StateChip value={r.ml_state} choices={connectionChoices} />}
        />
        <TextField source="ml_nickname" emptyText="—" sortable={false} />
        <NumberField source="products" sortable={false} />
        <NumberField source="ml_published" sortable={false} />
        <NumberField source="ml_paused" sortable={false} />
        <NumberField source="ml_errors" sortable={false} />
        <BooleanField source="gmc_enabled" sortable={false} />
        <NumberField source="gmc_inserted" sortable={false} />
      </Datagrid>
    </List>
  );
}

export function ChannelStoreShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="country" />
        <FunctionField source="ml_state" render={(r: RaRecord) => <StateChip value={r.ml_state} choices={connectionChoices} />} />
        <TextField source="ml_site" />
        <TextField source="ml_nickname" emptyText="—" />
        <TextField source="ml_last_error" emptyText="—" />
        <NumberField source="products" />
        <NumberField source="ml_published" />
        <NumberField source="ml_paused" />
        <NumberField source="ml_pending" />
        <NumberField source="ml_errors" />
        <BooleanField source="gmc_enabled" />
        <NumberField source="gmc_inserted" />
        <NumberField source="gmc_errors" />
      </SimpleShowLayout>
    </Show>
  );
}

/** «Reintentar»: a listing due again now (POST /admin-api/channel-listings/:id/retry). */
function RetryListingButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const dataProvider = useDataProvider<TuercaDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'channel-listings', action: 'retry', record });
  const [isPending, setPending] = useState(false);
  if (!record || record.status !== 'error' || !canAccess) return null;
  return (
    <Button
      label="tuerca.channels.retry"
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        setPending(true);
        dataProvider
          .retry('channel-listings', { id: record.id })
          .then(() => {
            notify(translate('tuerca.channels.retried'), { type: 'success' });
            refresh();
          })
          .catch((err: Error) => notify(err.message, { type: 'error' }))
          .finally(() => setPending(false));
      }}
    >
      <ReplayIcon />
    </Button>
  );
}

const listingFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={listingStatusChoices} alwaysOn />,
  <SelectInput key="channel" source="channel" choices={channelChoices} alwaysOn />,
  <StoreInput key="store_id" source="store_id" />,
];

export function ChannelListingList() {
  return (
    <List filters={listingFilters} sort={{ field: 'updated_at', order: 'DESC' }} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="updated_at" showTime locales="es-CO" />
        <FunctionField source="channel" render={(r: RaRecord) => labelOf(channelChoices, r.channel)} />
        <TextField source="title" />
        <TextField source="external_id" emptyText="—" sortable={false} />
        <FunctionField
          source="status"
          render={(r: RaRecord) => <StateChip value={r.status} choices={listingStatusChoices} testId="listing-status" />}
        />
        <NumberField source="attempts" />
        <FunctionField
          source="last_error"
          sortable={false}
          render={(r: RaRecord) => (
            <Typography variant="body2" sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {r.last_error ? String(r.last_error) : '—'}
            </Typography>
          )}
        />
        <RetryListingButton />
      </Datagrid>
    </List>
  );
}

export function ChannelListingShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RetryListingButton />
          <ListButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField source="channel" render={(r: RaRecord) => labelOf(channelChoices, r.channel)} />
        <TextField source="title" />
        <TextField source="product_id" />
        <TextField source="store_id" />
        <TextField source="external_id" emptyText="—" />
        <FunctionField source="status" render={(r: RaRecord) => <StateChip value={r.status} choices={listingStatusChoices} />} />
        <FunctionField source="desired_status" render={(r: RaRecord) => labelOf(listingStatusChoices, r.desired_status)} />
        <NumberField source="compatibilities" />
        <NumberField source="attempts" />
        <TextField source="last_error" emptyText="—" />
        <DateField source="sync_due_at" showTime locales="es-CO" emptyText="—" />
        <DateField source="synced_at" showTime locales="es-CO" emptyText="—" />
        <DateField source="updated_at" showTime locales="es-CO" />
      </SimpleShowLayout>
    </Show>
  );
}
