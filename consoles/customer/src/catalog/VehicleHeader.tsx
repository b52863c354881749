import { Link as RouterLink } from 'react-router';
import { Box, Breadcrumbs, Chip, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { t } from '@tuerca/contracts';
import { usePrompts } from '../app/prompts';
import type { MeterMeta } from './metering';
import { segment, V2, vehiclePath, type VehicleRoute } from './routes';

export interface CatalogVehicleInfo {
  brand: string;
  name: string;
  vehicleId: string;
  vehicleVIN?: string | null;
  attributes?: { name: string; value: string }[];
}

/** Breadcrumb: catalogue, vehicle and group names, the 30-day counter and the 'ver planes' badge (001 §2). */
export function VehicleHeader({
  route,
  vehicle,
  meta,
  group,
}: {
  route: VehicleRoute;
  vehicle: CatalogVehicleInfo | null;
  meta?: MeterMeta;
  group?: string;
}) {
  const { openPlans } = usePrompts();
  const name = vehicle?.name ?? route.vehicleName;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`${V2}/`} underline="hover" color="inherit">
          {t('customerConsole.catalogs')}
        </Link>
        <Link component={RouterLink} to={`${V2}/${segment({ catalog: route.catalogCode })}`} underline="hover" color="inherit">
          {vehicle?.brand ?? route.catalogCode}
        </Link>
        {group ? (
          <Link
            component={RouterLink}
            to={vehiclePath({
              catalog: route.catalogCode,
              ssd: route.ssd,
              name: route.vehicleName,
              vehicleId: route.vehicleId,
              vin: route.vin,
            })}
            underline="hover"
            color="inherit"
          >
            {name}
          </Link>
        ) : (
          <Typography color="text.primary">{name}</Typography>
        )}
        {group ? <Typography color="text.primary">{group}</Typography> : null}
      </Breadcrumbs>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 20, md: 24 } }}>
            {vehicle?.brand ? `${vehicle.brand} ` : ''}
            {name}
          </Typography>
          {route.vin ? (
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              VIN {route.vin}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
            {(vehicle?.attributes ?? []).map((a) => (
              <Tooltip key={a.name} title={`${a.name}: ${a.value}`}>
                <Chip size="small" label={`${a.name}: ${a.value.length > 20 ? `${a.value.slice(0, 20)}…` : a.value}`} />
              </Tooltip>
            ))}
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {meta?.searchesPerformed !== undefined ? (
            <Typography variant="body2" color="text.secondary" data-testid="vehicles-consulted">
              {t('catalog.vehiclesConsultedLast30Days', { count: meta.searchesPerformed })}
            </Typography>
          ) : null}
          <Chip color="secondary" label={t('plans.seePlansLink')} onClick={() => openPlans('catalog_consultations')} clickable />
        </Stack>
      </Stack>
    </Paper>
  );
}
