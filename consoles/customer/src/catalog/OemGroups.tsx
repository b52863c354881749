import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardActions, CardContent, CardMedia, Chip, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import { t } from '@tuerca/contracts';
import { api, ApiError } from '../app/api';
import { EmptyState, Loading } from '../app/ui';
import { catalogLanguage } from './language';
import { useMeterPrompts, type MeterMeta } from './metering';
import { oemPath, sameOem, type OemRoute } from './oemRoute';
import { catalogUrl, segment, vehiclePath } from './routes';

interface FoundUnit {
  unitId: string;
  name: string;
  code: string;
  imageUrl: string;
  ssd: string;
  parts: { codeOnImage: string; oem: string | null; name: string }[];
}
export interface FindPartAnswer {
  vehicle: { brand: string; name: string; vehicleId: string };
  categories: { categoryId: string; name: string; units: FoundUnit[] }[];
}

/**
 * OemGroups (lazy area, 001 §2 oemGroupsModal): the vehicle's part groups and units where the OEM number
 * appears, from findPartInVehicle (metered per vehicle). Each unit opens the finder's parts level.
 */
export default function OemGroups({ route, onVehicle }: { route: OemRoute; onVehicle?(v: FindPartAnswer['vehicle']): void }) {
  const { onMeta, onError } = useMeterPrompts('catalog_consultations');
  const [answer, setAnswer] = useState<FindPartAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setAnswer(null);
    setProblem(null);
    api
      .get<FindPartAnswer, MeterMeta>('/catalogo/catalogV2/findPartInVehicle', {
        catalogCode: route.catalog ?? '',
        vehicleId: route.vid ?? '',
        ssd: route.ssd ?? undefined,
        oemOrName: route.oem,
        vehicleName: route.v ?? undefined,
        q: route.q ?? undefined,
        catalogUrl: catalogUrl(),
        language: catalogLanguage(),
      })
      .then((r) => {
        setAnswer(r.data);
        onVehicle?.(r.data.vehicle);
        onMeta(r.metadata);
      })
      .catch((err) => {
        const denial = onError(err, t('catalog.loginRequired'));
        if (denial === 'login') setProblem(t('catalog.loginRequired'));
        else if (denial === 'exhausted') setProblem(t('plans.exhaustedCatalog'));
        else if (err instanceof ApiError && err.status === 404) setProblem(t('oem.notInVehicle', { n: route.oem }));
        else setProblem(t('emptyStates.notEnoughData'));
      });
  }, [route.catalog, route.vid, route.ssd, route.oem]);

  if (problem) return <Alert severity="warning">{problem}</Alert>;
  if (!answer) return <Loading />;
  const categories = answer.categories.filter((c) => c.units.length > 0);
  if (categories.length === 0) return <EmptyState title={t('oem.notInVehicle', { n: route.oem })} />;
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
