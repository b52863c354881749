import { Link as RouterLink } from 'react-router';
import { Alert, Box, Breadcrumbs, Chip, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { CATALOG_LANGUAGES, isVehicleToken, t, type CatalogLanguage, type MessageKey } from '@tuerca/contracts';
import { usePrompts } from '../app/prompts';
import type { MeterMeta } from '../app/queries';
import { vehicleTitle } from '../app/format';
import { useCatalog } from './queries';
import { languageKey } from './language';
import { segment, V2, vehiclePath, type VehicleRoute } from './routes';
import type { CatalogVehicle } from './types';

export type CatalogVehicleInfo = Pick<CatalogVehicle, 'brand' | 'name' | 'vehicleId'> &
  Partial<Pick<CatalogVehicle, 'vehicleVIN' | 'attributes'>>;

/** 001 §9: vehicle attribute values are cut to 20 characters, the whole text in a tooltip. */
const cut = (value: string) => (value.length > 20 ? `${value.slice(0, 20)}…` : value);

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
  const catalog = useCatalog(route.catalogCode);
  const brand = vehicle?.brand ?? catalog.data?.data.brand ?? '';
  const name = vehicle?.name ?? route.vehicleName;
  // A vehicle opened with its opaque token shows its VIN as the catalogue answers it (masked), never the token.
  const shownVin = vehicle?.vehicleVIN ?? (route.vin && !isVehicleToken(route.vin) ? route.vin : null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Breadcrumbs aria-label={t('customerConsole.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`${V2}/`} underline="hover" color="inherit">
          {t('customerConsole.catalogs')}
        </Link>
        <Link component={RouterLink} to={`${V2}/${segment({ catalog: route.catalogCode })}`} underline="hover" color="inherit">
          {brand || t('catalogV2.catalog')}
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
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 20, md: 24 }, overflowWrap: 'anywhere' }}>
            {vehicleTitle(brand, name)}
          </Typography>
          {shownVin ? (
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              VIN {shownVin}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
            {(vehicle?.attributes ?? []).map((a) => (
              <Tooltip key={a.name} title={`${a.name}: ${a.value}`}>
                <Chip size="small" label={`${a.name}: ${cut(a.value)}`} sx={{ maxWidth: '100%' }} />
              </Tooltip>
            ))}
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {meta?.searchesPerformed !== undefined ? (
            <Typography variant="body2" color="text.secondary" data-testid="vehicles-consulted">
              {t('catalog.vehiclesConsultedLast30Days', { count: meta.searchesPerformed })}
            </Typography>
          ) : null}
          <Chip color="secondary" label={t('plans.seePlansLink')} onClick={() => openPlans('catalog_consultations')} clickable />
        </Stack>
      </Stack>
      {meta?.languageFallback && (CATALOG_LANGUAGES as readonly string[]).includes(meta.language ?? '') ? (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid="language-fallback">
          {t('catalog.languageFallback', { language: t(languageKey(meta.language as CatalogLanguage) as MessageKey).toLowerCase() })}
        </Alert>
      ) : null}
    </Paper>
  );
}
