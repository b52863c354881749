import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Link,
  List,
  ListItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import { catalogBrowseRoutes, catalogLookupRoutes, t } from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { meteringGate } from '../app/queries';
import { MeteringGatePanel } from '../app/MeteringGate';
import { EmptyState, LoadFailed, Loading, VisuallyHidden } from '../app/ui';
import { Area } from '../app/errors';
import { lazyArea } from '../app/lazy';
import { useCatalog, useCatalogLookup, useCatalogRoute } from './queries';
import { oemPath, oemScenario, parseOemParams, sameOem, type OemRoute } from './oemRoute';
import { segment, useCatalogUrl, vehiclePath } from './routes';
import { AttributeChips } from './AttributeChips';
import { amountOf, type OemVehicle } from './types';

const OemSubstitutions = lazyArea(() => import('./OemSubstitutions'));
const OemGroups = lazyArea(() => import('./OemGroups'));

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * 000 §8 "Part number not found": said once, with what the catalogue knows of it and the next step (check
 * the number, or look at what the marketplace sells with it).
 */
function NotFound({ oem }: { oem: string }) {
  return (
    <Alert severity="warning" data-testid="oem-not-found">
      <AlertTitle>{t('oem.notFound', { n: oem })}</AlertTitle>
      <Box>{t('search.partNumberNotRegistered', { n: oem })}</Box>
      <Box>{t('search.checkSpelling')}</Box>
      <Button
        sx={{ mt: 1 }}
        size="small"
        variant="outlined"
        color="inherit"
        component={RouterLink}
        to={`/catalogo/page/results?search=${encodeURIComponent(oem)}`}
      >
        {t('customerConsole.searchInStores')}
      </Button>
    </Alert>
  );
}

/** Level 1 (oem alone): catalogues where the number appears, then its substitutions. */
function CatalogsLevel({ route }: { route: OemRoute }) {
  const query = useCatalogRoute(catalogLookupRoutes.findCatalogsByOem, { oem: route.oem }, { retry: false });
  const missing = isNotFound(query.error);
  return (
    <>
      {query.isPending ? <Loading /> : null}
      {missing ? <NotFound oem={route.oem} /> : null}
      {query.isError && !missing ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="oem-catalogs">
          <Typography variant="h6" component="h2">
            {query.data.data.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('customerConsole.oemCatalogsOf', { n: query.data.data.oem })}
          </Typography>
          {query.data.data.catalogs.length === 0 ? <EmptyState detail={t('customerConsole.noCatalogsForOemNext')} /> : null}
          <Grid container spacing={1}>
            {query.data.data.catalogs.map((c) => (
              <Grid key={c.code} size={{ xs: 6, sm: 3 }}>
                <Card variant="outlined">
                  <CardActionArea component={RouterLink} to={oemPath({ oem: route.oem, catalog: c.code })}>
                    <CardContent>
                      <Typography sx={{ fontWeight: 700 }}>{c.brand}</Typography>
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
      ) : null}
      {query.isPending ? null : (
        <Area>
          {/* The not-found is said above; the substitutions area only adds what it finds. */}
          <OemSubstitutions reference={route.oem} notFoundSaid={missing} />
        </Area>
      )}
    </>
  );
}

/** Level 2 (plus catalog): the catalogue's vehicles with the number (findVehicleByOem). */
function VehiclesLevel({ route }: { route: OemRoute }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const query = useCatalogRoute(
    catalogLookupRoutes.findVehicleByOem,
    { catalogCode: route.catalog ?? '', oem: route.oem },
    { retry: false },
  );
  if (query.isPending) return <Loading />;
  if (isNotFound(query.error)) return <NotFound oem={route.oem} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const data = query.data.data;
  if (!Array.isArray(data))
    return (
      <Alert severity="info" data-testid="oem-other-manufacturers">
        <AlertTitle>{t('oem.notFound', { n: route.oem })}</AlertTitle>
        {data.otherManufacturers.length > 0 || data.substitutions.length > 0 ? (
          <>
            <Box>{t('oem.otherManufacturers')}</Box>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
              {data.otherManufacturers.map((m) => (
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
        ) : (
          <Box>{t('search.checkSpelling')}</Box>
        )}
      </Alert>
    );
  if (data.length === 0) return <EmptyState title={t('catalog.noVehiclesFound')} detail={t('customerConsole.noVehiclesNext')} />;
  const enter = (v: OemVehicle) => (
    <Button
      variant="contained"
      size="small"
      component={RouterLink}
      to={oemPath({ oem: route.oem, catalog: v.catalog, vid: v.vehicleId, v: v.name, ssd: v.ssd })}
      aria-label={`${t('customerConsole.enterVehicle')} ${v.name}`}
    >
      {t('customerConsole.enterVehicle')}
    </Button>
  );
  if (phone)
    return (
      <Paper variant="outlined" data-testid="oem-vehicles">
        <List disablePadding>
          {data.map((v) => (
            <ListItem key={v.vehicleId} divider sx={{ display: 'block' }} data-testid="oem-vehicle">
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{v.name}</Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                {v.brand}
              </Typography>
              <AttributeChips attributes={v.attributes.slice(0, 6)} />
              <Box sx={{ mt: 1 }}>{enter(v)}</Box>
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="oem-vehicles">
      <Table size={data[0]!.attributes.length > 8 ? 'small' : 'medium'}>
        <TableHead>
          <TableRow>
            <TableCell>{t('catalogV2.brand')}</TableCell>
            <TableCell>{t('catalogV2.modelDesignation')}</TableCell>
            <TableCell>{t('catalogV2.attributes')}</TableCell>
            <TableCell>
              <VisuallyHidden>{t('results.options')}</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((v) => (
            <TableRow key={v.vehicleId} hover>
              <TableCell>{v.brand}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{v.name}</TableCell>
              <TableCell>
                <AttributeChips attributes={v.attributes} />
              </TableCell>
              <TableCell align="right">{enter(v)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The parts call of the finder's last level (metered); the page's heading reads the unit's name from it. */
function useUnitParts(route: OemRoute) {
  const url = useCatalogUrl();
  return useCatalogLookup(
    catalogBrowseRoutes.parts,
    {
      catalogCode: route.catalog ?? '',
      vehicleId: route.vid ?? '',
      unitId: route.uid ?? '',
      ssd: route.ssd ?? undefined,
      vehicleName: route.v ?? undefined,
      q: route.q ?? undefined,
      catalogUrl: url,
    },
    { enabled: oemScenario(route) === 'parts' },
  );
}

/** Level 4 (plus uid): the unit's parts with the searched number marked (parts call, metered). */
function PartsLevel({ route }: { route: OemRoute }) {
  const query = useUnitParts(route);
  const gate = meteringGate(query);
  if (gate) return <MeteringGatePanel gate={gate} kind="catalog_consultations" />;
  if (query.isPending) return <Loading />;
  if (query.isError)
    return isNotFound(query.error) ? (
      <Alert severity="warning">{errorText(query.error, t('oem.notInVehicle', { n: route.oem }))}</Alert>
    ) : (
      <LoadFailed onRetry={() => void query.refetch()} />
    );
  const answer = query.data.data;
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
        {answer.parts.length === 0 ? (
          <EmptyState title={t('catalog.infoComingSoon')} detail={t('customerConsole.infoComingSoonNext')} />
        ) : null}
        {answer.parts.length > 0 ? (
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '80vh' }} data-testid="oem-parts">
            <Table
              stickyHeader
              size="small"
              aria-label={t('customerConsole.partsTable')}
              sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('customerConsole.positionShort')}</TableCell>
                  <TableCell>{t('catalog.partNumber')}</TableCell>
                  <TableCell>{t('catalog.name')}</TableCell>
                  <TableCell align="right">{t('customerConsole.quantityShort')}</TableCell>
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
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Box component="span" sx={{ fontFamily: 'monospace' }}>
                          {p.oem ?? t('customerConsole.partNumberHidden')}
                        </Box>
                        {hit ? (
                          <Chip
                            size="small"
                            color="secondary"
                            label={t('customerConsole.oemSearchedPart')}
                            sx={{ ml: { lg: 1 }, mt: { xs: 0.5, lg: 0 }, display: { xs: 'flex', lg: 'inline-flex' }, width: 'fit-content' }}
                          />
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.name}</TableCell>
                      <TableCell align="right">{amountOf(p)}</TableCell>
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
  // People read the catalogue's brand and the unit's name, never the catalogue code.
  const brand = useCatalog(route.catalog ?? '').data?.data.brand ?? null;
  const parts = useUnitParts(route);
  const unitName = parts.data?.data.unitInfo.name ?? null;
  const vehicleName = route.v ?? parts.data?.data.vehicle.name ?? null;

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
    levels.push({ key: 'vehicles', label: brand ?? t('catalogV2.catalog'), to: oemPath({ oem: route.oem, catalog: route.catalog }) });
  if (route.vid)
    levels.push({
      key: 'groups',
      label: vehicleName ?? t('oem.vehicles'),
      to: oemPath({ oem: route.oem, catalog: route.catalog, vid: route.vid, v: route.v, ssd: route.ssd, q: route.q }),
    });
  if (route.uid) levels.push({ key: 'parts', label: unitName ?? t('oem.parts'), to: null });

  const heading =
    scenario === 'vehicles'
      ? t('customerConsole.oemVehiclesOf', { catalog: brand ?? '', n: route.oem })
      : scenario === 'groups'
        ? t('customerConsole.oemUnitsOf', { vehicle: vehicleName ?? '', n: route.oem })
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
      {scenario === 'vehicles' ? <VehiclesLevel route={route} /> : null}
      {scenario === 'groups' ? (
        <Area>
          <OemGroups route={route} />
        </Area>
      ) : null}
      {scenario === 'parts' ? <PartsLevel route={route} /> : null}
    </Stack>
  );
}
