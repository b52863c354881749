import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import { t } from '@tuerca/contracts';
import { api, ApiError, errorText } from '../app/api';
import { EmptyState, Loading } from '../app/ui';
import { lazyArea } from '../app/lazy';
import { catalogLanguage } from './language';
import { useMeterPrompts, type MeterMeta } from './metering';
import { oemPath, oemScenario, parseOemParams, sameOem, type OemRoute } from './oemRoute';
import { catalogUrl, segment, vehiclePath } from './routes';
import { AttributeChips } from './AttributeChips';

const OemSubstitutions = lazyArea(() => import('./OemSubstitutions'));
const OemGroups = lazyArea(() => import('./OemGroups'));

interface OemCatalogs {
  oem: string;
  name: string;
  catalogs: { brand: string; code: string }[];
}
interface OemVehicle {
  brand: string;
  name: string;
  vehicleId: string;
  ssd: string;
  catalog: string;
  attributes: { name: string; value: string }[];
}
interface OtherManufacturers {
  substitutions: unknown[];
  otherManufacturers: { brand: string; code: string }[];
}
interface UnitParts {
  unitInfo: { name: string; largeImageUrl: string };
  parts: { codeOnImage: string; oem: string | null; name: string; attributes: { name: string; value: string }[] }[];
  vehicle: { brand: string; name: string };
}

function problemOf(err: unknown, oem: string): string {
  if (err instanceof ApiError && err.status === 404) return errorText(err, t('oem.notFound', { n: oem }));
  return t('emptyStates.notEnoughData');
}

/** Level 1 (oem alone): catalogues where the number appears, then its substitutions. */
function CatalogsLevel({ route }: { route: OemRoute }) {
  const [answer, setAnswer] = useState<OemCatalogs | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setAnswer(null);
    setProblem(null);
    api
      .get<OemCatalogs>('/catalogo/catalogV2/findCatalogsByOem', { oem: route.oem, language: catalogLanguage() })
      .then((r) => setAnswer(r.data))
      .catch((err) => setProblem(problemOf(err, route.oem)));
  }, [route.oem]);
  if (problem) return <Alert severity="warning">{problem}</Alert>;
  if (!answer) return <Loading />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="oem-catalogs">
      <Typography variant="h6" component="h2">
        {answer.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('customerConsole.oemCatalogsOf', { n: answer.oem })}
      </Typography>
      {answer.catalogs.length === 0 ? <EmptyState /> : null}
      <Grid container spacing={1}>
        {answer.catalogs.map((c) => (
          <Grid key={c.code} size={{ xs: 6, sm: 3 }}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={oemPath({ oem: route.oem, catalog: c.code })}>
                <CardContent>
                  <Typography sx={{ fontWeight: 700 }}>{c.brand}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {c.code}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        component={RouterLink}
        to={`/catalogo/page/results?search=${encodeURIComponent(route.oem)}`}
      >
        {t('oem.seeAll')}
      </Button>
    </Paper>
  );
}

/** Level 2 (plus catalog): the catalogue's vehicles with the number (findVehicleByOem). */
function VehiclesLevel({ route, onBrand }: { route: OemRoute; onBrand(b: string): void }) {
  const [vehicles, setVehicles] = useState<OemVehicle[] | null>(null);
  const [others, setOthers] = useState<OtherManufacturers | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setVehicles(null);
    setOthers(null);
    setProblem(null);
    api
      .get<OemVehicle[] | OtherManufacturers>('/catalogo/catalogV2/findVehicleByOem', {
        catalogCode: route.catalog ?? '',
        oem: route.oem,
        language: catalogLanguage(),
      })
      .then((r) => {
        if (Array.isArray(r.data)) {
          setVehicles(r.data);
          if (r.data[0]) onBrand(r.data[0].brand);
        } else setOthers(r.data);
      })
      .catch((err) => setProblem(problemOf(err, route.oem)));
  }, [route.catalog, route.oem]);
  if (problem) return <Alert severity="warning">{problem}</Alert>;
  if (others)
    return (
      <Alert severity="info" data-testid="oem-other-manufacturers">
        <strong>{t('oem.notFound', { n: route.oem })}</strong>
        {others.otherManufacturers.length > 0 || others.substitutions.length > 0 ? (
          <>
            <Box>{t('oem.otherManufacturers')}</Box>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
              {others.otherManufacturers.map((m) => (
                <Chip
                  key={m.code}
                  label={m.brand}
                  component={RouterLink}
                  to={oemPath({ oem: route.oem, catalog: m.code })}
                  clickable
                  color="primary"
                  variant="outlined"
                />
              ))}
              <Button size="small" variant="contained" component={RouterLink} to={oemPath({ oem: route.oem })}>
                {t('oem.seeAll')}
              </Button>
            </Stack>
          </>
        ) : null}
      </Alert>
    );
  if (!vehicles) return <Loading />;
  if (vehicles.length === 0) return <EmptyState title={t('catalog.noVehiclesFound')} />;
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="oem-vehicles">
      <Table size={vehicles[0]!.attributes.length > 8 ? 'small' : 'medium'}>
        <TableHead>
          <TableRow>
            <TableCell>{t('catalogV2.brand')}</TableCell>
            <TableCell>{t('catalogV2.modelDesignation')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('catalogV2.attributes')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {vehicles.map((v) => (
            <TableRow key={v.vehicleId} hover>
              <TableCell>{v.brand}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{v.name}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                <AttributeChips attributes={v.attributes} />
              </TableCell>
              <TableCell align="right">
                <Button
                  variant="contained"
                  size="small"
                  component={RouterLink}
                  to={oemPath({ oem: route.oem, catalog: v.catalog, vid: v.vehicleId, v: v.name, ssd: v.ssd })}
                  aria-label={`${t('customerConsole.enterVehicle')} ${v.name}`}
                >
                  {t('customerConsole.enterVehicle')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Level 4 (plus uid): the unit's parts with the searched number marked (parts call, metered). */
function PartsLevel({ route, onUnit }: { route: OemRoute; onUnit(name: string, vehicle: string): void }) {
  const { onMeta, onError } = useMeterPrompts('catalog_consultations');
  const [answer, setAnswer] = useState<UnitParts | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setAnswer(null);
    setProblem(null);
    api
      .get<UnitParts, MeterMeta>('/catalogo/catalogV2/parts', {
        catalogCode: route.catalog ?? '',
        vehicleId: route.vid ?? '',
        unitId: route.uid ?? '',
        ssd: route.ssd ?? undefined,
        vehicleName: route.v ?? undefined,
        q: route.q ?? undefined,
        catalogUrl: catalogUrl(),
        language: catalogLanguage(),
      })
      .then((r) => {
        setAnswer(r.data);
        onUnit(r.data.unitInfo.name, r.data.vehicle.name);
        onMeta(r.metadata);
      })
      .catch((err) => {
        const denial = onError(err, t('catalog.loginRequired'));
        setProblem(
          denial === 'login'
            ? t('catalog.loginRequired')
            : denial === 'exhausted'
              ? t('plans.exhaustedCatalog')
              : err instanceof ApiError && err.status === 404
                ? errorText(err, t('oem.notInVehicle', { n: route.oem }))
                : t('emptyStates.notEnoughData'),
        );
      });
  }, [route.catalog, route.vid, route.uid, route.ssd]);
  if (problem) return <Alert severity="warning">{problem}</Alert>;
  if (!answer) return <Loading />;
  const found = answer.parts.some((p) => sameOem(p.oem, route.oem));
  const diagram = `${vehiclePath({
    catalog: route.catalog ?? '',
    ssd: route.ssd ?? '',
    name: route.v ?? answer.vehicle.name,
    vehicleId: route.vid ?? '',
    vin: route.q,
  })}/${segment({ uid: route.uid ?? '', ssd: route.ssd ?? '' })}`;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff' }}>
          <Box
            component="img"
            src={answer.unitInfo.largeImageUrl}
            alt={t('customerConsole.diagramOf', { name: answer.unitInfo.name })}
            sx={{ width: '100%', maxHeight: { xs: 260, md: 420 }, objectFit: 'contain', display: 'block' }}
          />
        </Paper>
        <Button sx={{ mt: 1 }} variant="outlined" component={RouterLink} to={diagram} fullWidth>
          {t('customerConsole.openUnit')}
        </Button>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        {!found ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('oem.notInVehicle', { n: route.oem })}
          </Alert>
        ) : null}
        {answer.parts.length === 0 ? <EmptyState title={t('catalog.infoComingSoon')} /> : null}
        {answer.parts.length > 0 ? (
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '80vh' }} data-testid="oem-parts">
            <Table stickyHeader size="small" aria-label={t('customerConsole.partsTable')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('catalog.position')}</TableCell>
                  <TableCell>{t('catalog.partNumber')}</TableCell>
                  <TableCell>{t('catalog.name')}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('catalog.quantity')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.parts.map((p, i) => {
                  const hit = sameOem(p.oem, route.oem);
                  return (
                    <TableRow
                      key={`${p.codeOnImage}-${i}`}
                      selected={hit}
                      data-testid={hit ? 'oem-part-hit' : undefined}
                      sx={hit ? { '& td': { fontWeight: 700 } } : undefined}
                    >
                      <TableCell>{p.codeOnImage}</TableCell>
                      <TableCell>
                        <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 0.5, alignItems: { xs: 'flex-start', lg: 'center' } }}>
                          <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                            {p.oem ?? t('customerConsole.partNumberHidden')}
                          </Box>
                          {hit ? <Chip size="small" color="secondary" label={t('customerConsole.oemSearchedPart')} /> : null}
                        </Stack>
                      </TableCell>
                      <TableCell>{p.name}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {p.attributes.find((a) => a.name === 'amount')?.value ?? ''}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </Grid>
    </Grid>
  );
}

/**
 * OemFinder (lazy area): /catalogo/catalog/v2/{oemParams}/searchOem (001 §2). The OEM drill-down — part
 * number, catalogue brand, vehicle, part groups and units, parts — by the scenario the route values give.
 */
export default function OemFinder() {
  const { oemParams = '' } = useParams();
  const route = parseOemParams(oemParams);
  const scenario = oemScenario(route);
  const [brand, setBrand] = useState<string | null>(null);
  const [vehicleName, setVehicleName] = useState<string | null>(null);
  const [unitName, setUnitName] = useState<string | null>(null);

  if (!route.oem.trim())
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {t('oem.enterPartNumber')}
      </Alert>
    );

  const levels: { key: string; label: string; to: string | null }[] = [
    { key: 'catalogs', label: t('oem.catalogs'), to: oemPath({ oem: route.oem }) },
  ];
  if (route.catalog)
    levels.push({ key: 'vehicles', label: brand ?? route.catalog, to: oemPath({ oem: route.oem, catalog: route.catalog }) });
  if (route.vid)
    levels.push({
      key: 'groups',
      label: route.v ?? vehicleName ?? t('oem.vehicles'),
      to: oemPath({ oem: route.oem, catalog: route.catalog, vid: route.vid, v: route.v, ssd: route.ssd, q: route.q }),
    });
  if (route.uid) levels.push({ key: 'parts', label: unitName ?? t('oem.parts'), to: null });

  const heading =
    scenario === 'vehicles'
      ? t('customerConsole.oemVehiclesOf', { catalog: brand ?? route.catalog ?? '', n: route.oem })
      : scenario === 'groups'
        ? t('customerConsole.oemUnitsOf', { vehicle: route.v ?? vehicleName ?? '', n: route.oem })
        : scenario === 'parts'
          ? t('customerConsole.oemPartsOf', { unit: unitName ?? '', n: route.oem })
          : null;

  return (
    <Stack spacing={2} data-testid={`oem-finder-${scenario}`}>
      <Breadcrumbs aria-label={t('customerConsole.oemSearchLevels')}>
        {levels.map((l, i) =>
          i === levels.length - 1 || !l.to ? (
            <Typography key={l.key} color="text.primary" aria-current="page">
              {l.label}
            </Typography>
          ) : (
            <Link key={l.key} component={RouterLink} to={l.to} underline="hover" color="inherit">
              {l.label}
            </Link>
          ),
        )}
      </Breadcrumbs>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
        {t('customerConsole.oemSearchTitle', { n: route.oem })}
      </Typography>
      {heading ? (
        <Typography variant="subtitle1" component="h2" color="text.secondary" sx={{ mt: '4px !important' }}>
          {heading}
        </Typography>
      ) : null}
      {scenario === 'catalogs' ? <CatalogsLevel route={route} /> : null}
      {scenario === 'vehicles' ? <VehiclesLevel route={route} onBrand={setBrand} /> : null}
      {scenario === 'groups' ? (
        <Suspense fallback={<Loading />}>
          <OemGroups
            route={route}
            onVehicle={(v) => {
              setBrand(v.brand);
              setVehicleName(v.name);
            }}
          />
        </Suspense>
      ) : null}
      {scenario === 'parts' ? (
        <PartsLevel
          route={route}
          onUnit={(u, v) => {
            setUnitName(u);
            setVehicleName(v);
          }}
        />
      ) : null}
      {scenario === 'catalogs' ? (
        <Suspense fallback={<Loading />}>
          <OemSubstitutions reference={route.oem} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
