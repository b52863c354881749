import { useState } from 'react';
import { Button, Link, useCreatePath, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, CardHeader, CircularProgress, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { closingRoutes, formatCents, type WalletIndicators } from '@tuerca/contracts';
import { labelOf } from '../choices';
import { transactionStateChoices } from '../resources/closing';
import { useRouteMutation, useRouteQuery } from '../routes';

type Period = 'today' | '7d' | '30d' | 'month' | 'year';
const PERIODS: Period[] = ['today', '7d', '30d', 'month', 'year'];
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function Kpi({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" data-testid={testId}>
          {typeof value === 'number' ? value.toLocaleString('es-CO') : value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The seller's wallet (issue #13): indicators of the store over a period (operators: every store), orders
 * waiting for confirmation, unread marks with "mark all read", and paid sales per day as a chart.
 */
export function Wallet({ storeId }: { storeId?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const createPath = useCreatePath();
  const [period, setPeriod] = useState<Period>('30d');
  const indicators = useRouteQuery(closingRoutes.walletIndicators, { query: { filter: JSON.stringify({ period, storeId }) } });
  const pending = useGetList('transactions', {
    filter: { state: 'awaiting_confirmation', ...(storeId ? { storeId } : {}) },
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const markAll = useRouteMutation(closingRoutes.changeReadInWalletAll, () => ({ body: { scenario: 'sales' as const, storeId } }), {
    onSuccess: (a) => {
      notify(a.metadata.message ?? '', { type: 'success' });
      void queryClient.invalidateQueries();
    },
    onError: (e) => notify(e.message, { type: 'error' }),
  });
  const w = indicators.data?.data as WalletIndicators | undefined;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="wallet">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <Typography variant="h5">
          {translate('tuerca.closing.wallet')}
          {!storeId && w && !w.storeId ? ` · ${translate('tuerca.closing.allStores')}` : ''}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('tuerca.closing.period')}
          value={period}
          onChange={(e) => setPeriod(e.target.value as Period)}
          sx={{ minWidth: 200 }}
        >
          {PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`tuerca.closing.periods.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {indicators.error && <Alert severity="error">{indicators.error.message}</Alert>}
      {indicators.isPending ? (
        <CircularProgress />
      ) : w ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <Kpi label={translate('tuerca.closing.pendingConfirmations')} value={w.pendingConfirmations} testId="wallet-pending" />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Kpi label={translate('tuerca.closing.unread')} value={w.unread.sales} testId="wallet-unread" />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Kpi label={translate('tuerca.closing.openReturns')} value={w.openReturns} testId="wallet-returns" />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <Button
              label="tuerca.closing.markAllRead"
              variant="outlined"
              disabled={!storeId || w.unread.sales === 0 || markAll.isPending}
              onClick={() => markAll.mutate(undefined)}
            />
          </Grid>
          {w.totals.map((c) => (
            <Grid key={c.currency} size={12} container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Kpi
                  label={`${translate('tuerca.closing.sales')} (${c.currency})`}
                  value={c.salesCount}
                  testId={`wallet-sales-${c.currency}`}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <Kpi
                  label={translate('tuerca.closing.salesValue')}
                  value={formatCents(c.salesValueCents, c.currency)}
                  testId={`wallet-value-${c.currency}`}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <Kpi
                  label={translate('tuerca.closing.averageTicket')}
                  value={formatCents(c.averageTicketCents, c.currency)}
                  testId={`wallet-ticket-${c.currency}`}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>
                <Card sx={{ height: '100%' }}>
                  <CardHeader
                    title={`${translate('tuerca.closing.salesPerDay')} (${c.currency})`}
                    slotProps={{ title: { variant: 'subtitle1' } }}
                  />
                  <CardContent sx={{ height: 240, pt: 0 }}>
                    <ResponsiveContainer width="100%" height="100%">
                      <BarChart data={c.salesPerDay.map((d) => ({ label: shortDay(d.day), value: d.valueCents / 100, count: d.count }))}>
                        <CartesianGrid strokeDasharray="3 3" />
                        <XAxis dataKey="label" />
                        <YAxis />
                        <Tooltip formatter={(v) => formatCents(Math.round(Number(v) * 100), c.currency)} />
                        <Bar dataKey="value" name={translate('tuerca.closing.salesValue')} fill="#1f3b57" />
                      </BarChart>
                    </ResponsiveContainer>
                  </CardContent>
                </Card>
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Card sx={{ height: '100%' }}>
                  <CardHeader title={translate('tuerca.closing.byState')} slotProps={{ title: { variant: 'subtitle1' } }} />
                  <CardContent sx={{ pt: 0 }}>
                    {c.byState.map((s) => (
                      <Typography key={s.state} variant="body2">
                        {labelOf(transactionStateChoices, s.state)}: {s.count} · {formatCents(s.valueCents, c.currency)}
                      </Typography>
                    ))}
                  </CardContent>
                </Card>
              </Grid>
            </Grid>
          ))}
          <Grid size={12}>
            <Card>
              <CardHeader title={translate('tuerca.closing.toConfirm')} slotProps={{ title: { variant: 'subtitle1' } }} />
              <CardContent sx={{ pt: 0 }} data-testid="wallet-to-confirm">
                {pending.data?.length ? (
                  pending.data.map((r: RaRecord) => (
                    <Typography key={String(r.id)} variant="body2">
                      <Link to={createPath({ resource: 'transactions', id: r.id, type: 'show' })}>{String(r.ref_venta)}</Link> ·{' '}
                      {String(r.buyerName ?? '')} · {formatCents(Number(r.amounts?.totalCents ?? 0), r.currency === 'MXN' ? 'MXN' : 'COP')}
                    </Typography>
                  ))
                ) : (
                  <Typography variant="body2">{translate('tuerca.closing.nothingToConfirm')}</Typography>
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      ) : null}
    </Box>
  );
}
