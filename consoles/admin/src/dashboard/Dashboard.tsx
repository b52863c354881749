import { useState } from 'react';
import { Title, useCanAccess, useGetIdentity, useGetList, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Grid,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { labelOf, searchKindChoices } from '../choices';
import { isOperator } from '../permissions';
import { Wallet } from './Wallet';

interface Reference {
  kind: string;
  query: string;
  count: number;
  lastSearchedAt: string;
}

interface Summary extends RaRecord {
  from: string;
  to: string;
  totals: { searches: number; found: number; notFound: number };
  perDay: ({ day: string; total: number } & Record<(typeof KINDS)[number], number>)[];
  topReferences: Reference[];
  notFound: Reference[];
  byMake: { make: string; count: number; found: number }[];
}

/** 'Búsquedas por día y tipo': the catalogue's searches, plate lookups and the marketplace's text and part-number searches. */
const KINDS = ['vin', 'frame', 'oem', 'substitutions', 'plate', 'text', 'reference'] as const;
const COLORS = {
  vin: '#1f3b57',
  frame: '#5b8db8',
  oem: '#f2a900',
  substitutions: '#c0392b',
  catalog: '#1f3b57',
  plate: '#7d3c98',
  text: '#27ae60',
  reference: '#e67e22',
};
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function ChartCard({ title, children, height = 280 }: { title: string; children: React.ReactNode; height?: number }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
      <CardContent sx={{ height, pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

function Kpi({ label, value }: { label: string; value: number | string }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" data-testid={`kpi-${label}`}>
          {typeof value === 'number' ? value.toLocaleString('es-CO') : value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ReferenceTable({ rows, testId }: { rows: Reference[]; testId: string }) {
  const translate = useTranslate();
  if (rows.length === 0) return <Typography variant="body2">{translate('tuerca.dashboard.noData')}</Typography>;
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('tuerca.dashboard.reference')}</TableCell>
          <TableCell>{translate('resources.search-analytics.fields.kind')}</TableCell>
          <TableCell align="right">{translate('tuerca.dashboard.count')}</TableCell>
          <TableCell>{translate('tuerca.dashboard.lastSearched')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={`${r.kind}-${r.query}`}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{r.query}</TableCell>
            <TableCell>{labelOf(searchKindChoices, r.kind)}</TableCell>
            <TableCell align="right">{r.count}</TableCell>
            <TableCell>{new Date(r.lastSearchedAt).toLocaleString('es-CO', { timeZone: 'America/Bogota' })}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Searches (the analytics context's read model) and consultations and plans (billing's metrics), for operators and advisers. */
function StaffDashboard() {
  const translate = useTranslate();
  const [days, setDays] = useState(30);
  const summary = useGetOne<Summary>('search-analytics', { id: days === 30 ? 'summary' : `summary-${days}` });
  const metrics = useGetList('billing-metrics', {
    pagination: { page: 1, perPage: days },
    sort: { field: 'day', order: 'ASC' },
    filter: {},
  });
  const s = summary.data;
  const m = (metrics.data ?? []).map((r) => ({ ...r, label: shortDay(String(r.day)) }));
  const consumed = m.reduce((n, r) => n + Number(r.consultations ?? 0), 0);
  const sold = m.reduce((n, r) => n + Number(r.plansSold ?? 0), 0);
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5">{translate('tuerca.dashboard.welcome')}</Typography>
        <TextField
          select
          size="small"
          label={translate('tuerca.dashboard.period')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          sx={{ width: 220 }}
        >
          {[7, 30, 90].map((d) => (
            <MenuItem key={d} value={d}>
              {translate('tuerca.dashboard.days', { days: d })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {(summary.error || metrics.error) && <Alert severity="error">{String((summary.error ?? metrics.error)?.message ?? '')}</Alert>}
      {summary.isPending ? (
        <CircularProgress />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 2.4 }}>
            <Kpi label={translate('tuerca.dashboard.searches')} value={s?.totals.searches ?? 0} />
          </Grid>
          <Grid size={{ xs: 6, md: 2.4 }}>
            <Kpi label={translate('tuerca.dashboard.found')} value={s?.totals.found ?? 0} />
          </Grid>
          <Grid size={{ xs: 6, md: 2.4 }}>
            <Kpi label={translate('tuerca.dashboard.notFound')} value={s?.totals.notFound ?? 0} />
          </Grid>
          <Grid size={{ xs: 6, md: 2.4 }}>
            <Kpi label={translate('resources.billing-metrics.fields.consultations')} value={consumed} />
          </Grid>
          <Grid size={{ xs: 12, md: 2.4 }}>
            <Kpi label={translate('resources.billing-metrics.fields.plansSold')} value={sold} />
          </Grid>

          <Grid size={{ xs: 12, lg: 8 }}>
            <ChartCard title={translate('tuerca.dashboard.searchesPerDay')}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={(s?.perDay ?? []).map((d) => ({ ...d, label: shortDay(d.day) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  {KINDS.map((k) => (
                    <Bar key={k} dataKey={k} stackId="kind" name={labelOf(searchKindChoices, k)} fill={COLORS[k]} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <ChartCard title={translate('tuerca.dashboard.searchesByMake')}>
              {s?.byMake.length ? (
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={s.byMake.slice(0, 10)} layout="vertical" margin={{ left: 24 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis type="number" allowDecimals={false} />
                    <YAxis type="category" dataKey="make" width={90} />
                    <Tooltip />
                    <Bar dataKey="count" name={translate('tuerca.dashboard.searches')} fill={COLORS.vin} />
                    <Bar dataKey="found" name={translate('tuerca.dashboard.found')} fill={COLORS.oem} />
                  </BarChart>
                </ResponsiveContainer>
              ) : (
                <Typography variant="body2">{translate('tuerca.dashboard.noData')}</Typography>
              )}
            </ChartCard>
          </Grid>

          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={translate('tuerca.dashboard.topReferences')} height={320}>
              {s?.topReferences.length ? (
                <ResponsiveContainer width="100%" height="45%">
                  <BarChart data={s.topReferences.slice(0, 8)}>
                    <XAxis dataKey="query" hide />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="count" name={translate('tuerca.dashboard.count')} fill={COLORS.oem} />
                  </BarChart>
                </ResponsiveContainer>
              ) : null}
              <Box sx={{ maxHeight: '55%', overflow: 'auto' }}>
                <ReferenceTable rows={s?.topReferences ?? []} testId="top-references" />
              </Box>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={translate('tuerca.dashboard.referencesNotFound')} height={320}>
              <Box sx={{ maxHeight: '100%', overflow: 'auto' }}>
                <ReferenceTable rows={s?.notFound ?? []} testId="references-not-found" />
              </Box>
            </ChartCard>
          </Grid>

          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={translate('tuerca.dashboard.consultationsConsumed')}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={m}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Line
                    type="monotone"
                    dataKey="catalog"
                    name={translate('resources.billing-metrics.fields.catalog')}
                    stroke={COLORS.catalog}
                  />
                  <Line
                    type="monotone"
                    dataKey="substitutions"
                    name={translate('resources.billing-metrics.fields.substitutions')}
                    stroke={COLORS.substitutions}
                  />
                  <Line type="monotone" dataKey="plate" name={translate('resources.billing-metrics.fields.plate')} stroke={COLORS.plate} />
                </LineChart>
              </ResponsiveContainer>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={translate('tuerca.dashboard.plansSold')}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={m}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Bar dataKey="plansSold" name={translate('resources.billing-metrics.fields.plansSold')} fill={COLORS.vin} />
                </BarChart>
              </ResponsiveContainer>
            </ChartCard>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'dashboard', action: 'list' });
  const { identity } = useGetIdentity();
  if (isPending) return <CircularProgress sx={{ m: 4 }} />;
  const roles = (identity?.roles as string[] | undefined) ?? [];
  const storeId = (identity?.storeId as string | null | undefined) ?? undefined;
  const seller = !isOperator(roles) && storeId && (roles.includes('seller') || roles.includes('store_admin'));
  return (
    <>
      <Title title={translate('ra.page.dashboard')} />
      {seller ? (
        <Wallet storeId={storeId} />
      ) : canAccess ? (
        <>
          {isOperator(roles) && <Wallet />}
          <StaffDashboard />
        </>
      ) : (
        <Card sx={{ m: 2 }}>
          <CardContent>
            <Typography variant="h5" gutterBottom>
              {translate('tuerca.dashboard.welcome')}
              {identity?.fullName ? `, ${identity.fullName}` : ''}
            </Typography>
            <Typography>{translate('tuerca.dashboard.sellerWelcome')}</Typography>
          </CardContent>
        </Card>
      )}
    </>
  );
}
