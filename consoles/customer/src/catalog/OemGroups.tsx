import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardActions, CardContent, CardMedia, Chip, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import { catalogBrowseRoutes, t } from '@tuerca/contracts';
import { ApiError } from '../app/api';
import { meteringGate } from '../app/queries';
import { MeteringGatePanel } from '../app/MeteringGate';
import { EmptyState, LoadFailed, Loading } from '../app/ui';
import { useCatalogLookup } from './queries';
import { oemPath, sameOem, type OemRoute } from './oemRoute';
import { segment, useCatalogUrl, vehiclePath } from './routes';

/**
 * OemGroups (lazy area, 001 §2 oemGroupsModal): the vehicle's part groups and units where the OEM number
 * appears, from findPartInVehicle (metered per vehicle). Each unit opens the finder's parts level.
 */
export default function OemGroups({ route }: { route: OemRoute }) {
  const url = useCatalogUrl();
  const query = useCatalogLookup(catalogBrowseRoutes.findPartInVehicle, {
    catalogCode: route.catalog ?? '',
    vehicleId: route.vid ?? '',
    ssd: route.ssd ?? undefined,
    oemOrName: route.oem,
    vehicleName: route.v ?? undefined,
    q: route.q ?? undefined,
    catalogUrl: url,
  });
  const gate = meteringGate(query);
  if (gate) return <MeteringGatePanel gate={gate} kind="catalog_consultations" />;
  if (query.isPending) return <Loading />;
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <Alert severity="warning">{t('oem.notInVehicle', { n: route.oem })}</Alert>
    ) : (
      <LoadFailed onRetry={() => void query.refetch()} />
    );
  const answer = query.data.data;
  const categories = answer.categories.filter((c) => c.units.length > 0);
  if (categories.length === 0)
    return (
      <EmptyState title={t('oem.notInVehicle', { n: route.oem })} detail={t('customerConsole.notInVehicleNext')}>
        <Button component={RouterLink} to={oemPath({ oem: route.oem, catalog: route.catalog })} variant="outlined" sx={{ mt: 2 }}>
          {t('customerConsole.otherVehicles')}
        </Button>
      </EmptyState>
    );
  return (
    <Stack spacing={2} data-testid="oem-groups">
      {categories.map((c) => (
        <Box key={c.categoryId}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {c.name}
          </Typography>
          <Grid container spacing={1.5}>
            {c.units.map((u) => {
              const hits = u.parts.filter((p) => sameOem(p.oem, route.oem));
              const shown = hits.length > 0 ? hits : u.parts;
              const unitOfVehicle = `${vehiclePath({
                catalog: route.catalog ?? '',
                ssd: route.ssd ?? '',
                name: route.v ?? answer.vehicle.name,
                vehicleId: route.vid ?? '',
                vin: route.q,
              })}/${segment({ uid: u.unitId, ssd: u.ssd })}`;
              return (
                <Grid key={u.unitId} size={{ xs: 12, sm: 6, lg: 4 }}>
                  <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="oem-unit">
                    <CardMedia
                      component="img"
                      image={u.imageUrl}
                      alt=""
                      loading="lazy"
                      sx={{ aspectRatio: '16 / 9', objectFit: 'contain', bgcolor: '#fff', borderBottom: 1, borderColor: 'divider' }}
                    />
                    <CardContent sx={{ flex: 1, p: 1.5 }}>
                      <Typography variant="caption" color="text.secondary">
                        {u.code}
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {u.name}
                      </Typography>
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
                        {shown.map((p) => (
                          <Chip
                            key={`${p.codeOnImage}-${p.oem ?? p.name}`}
                            size="small"
                            color={sameOem(p.oem, route.oem) ? 'secondary' : 'default'}
                            label={`${p.codeOnImage} · ${p.name}${p.oem ? ` · ${p.oem}` : ''}`}
                          />
                        ))}
                      </Stack>
                    </CardContent>
                    <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                      <Button
                        variant="contained"
                        size="small"
                        component={RouterLink}
                        to={oemPath({ ...route, uid: u.unitId, ssd: u.ssd })}
                        aria-label={`${t('oem.parts')}: ${u.name}`}
                      >
                        {t('oem.parts')}
                      </Button>
                      <Button size="small" component={RouterLink} to={unitOfVehicle}>
                        {t('customerConsole.openUnit')}
                      </Button>
                    </CardActions>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        </Box>
      ))}
    </Stack>
  );
}
