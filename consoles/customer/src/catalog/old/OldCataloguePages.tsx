import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  Link,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Popover,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import DownloadIcon from '@mui/icons-material/Download';
import { OLD_CARS_PAGE_SIZE, catalogOldRoutes as routes, t, type OldCar, type OldPartsData } from '@tuerca/contracts';
import { callRoute, queryString } from '../../app/client';
import { meteringGate } from '../../app/queries';
import { MeteringGatePanel } from '../../app/MeteringGate';
import { usePrompts } from '../../app/prompts';
import { useSession } from '../../app/session';
import { EmptyState, LoadFailed, Loading } from '../../app/ui';
import { Area } from '../../app/errors';
import { lazyArea } from '../../app/lazy';
import { useCatalogLookup, useCatalogRoute } from '../queries';
import { useCatalogLanguage } from '../language';
import { UnitDiagram } from '../UnitDiagram';
import { LanguageSelector } from '../BrandGrid';
import {
  OLD,
  cacheCar,
  cachedCar,
  carSegment,
  catalogSegment,
  groupsNeedLogin,
  modelSegment,
  oldRoute,
  parameterOf,
  useOldRoute,
  type OldRoute,
} from './oldRoutes';

const ProductSearchModal = lazyArea(() => import('../../products/ProductSearchModal'));

type Part = OldPartsData['partGroups'][number]['parts'][number];

/** Catalogue › model › car › group, each a link back (001 §2 breadcrumb). */
function OldBreadcrumb({ route, car }: { route: OldRoute; car?: string }) {
  const cat = catalogSegment(route);
  const model = modelSegment(route);
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ '& ol': { flexWrap: 'wrap' } }}>
      <Link component={RouterLink} to={`${OLD}/`}>
        {t('catalog.title')}
      </Link>
      {route.catalogId ? (
        <Link component={RouterLink} to={`${OLD}/${cat}`}>
          {route.catalogName}
        </Link>
      ) : null}
      {route.modelId ? (
        <Link component={RouterLink} to={oldRoute('models', { catalogId: cat, modelId: model })}>
          {route.modelName}
        </Link>
      ) : null}
      {route.carId && car ? (
        <Link component={RouterLink} to={oldRoute('groups', { catalogId: cat, modelId: model, carId: carSegment(route) })}>
          {car}
        </Link>
      ) : null}
      {route.subGroupName ? <Typography color="text.primary">{route.subGroupName}</Typography> : null}
    </Breadcrumbs>
  );
}

/**
 * 001 §2: "The groups route requires login unless the car segment carries both the q and criteria parameters.
 * The subgroup (parts) route requires login. A session validation runs before guarded routes."
 */
function LoginGuard({ needsLogin, children }: { needsLogin: boolean; children: React.ReactNode }) {
  const { ready, isGuest } = useSession();
  if (!needsLogin) return <>{children}</>;
  if (!ready) return <Loading />;
  if (isGuest) return <MeteringGatePanel gate="login" kind="catalog_consultations" />;
  return <>{children}</>;
}

/** /catalogo/catalog/index/: the catalogue list. */
export function OldCatalogsPage() {
  const catalogs = useCatalogRoute(routes.catalogs, {});
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1">
          {t('catalog.title')}
        </Typography>
        <LanguageSelector />
      </Stack>
      {catalogs.isPending ? <Loading /> : null}
      {catalogs.isError ? <EmptyState title={t('emptyStates.notEnoughData')} /> : null}
      {catalogs.data ? (
        <Grid container spacing={1}>
          {catalogs.data.data.map((c) => (
            <Grid key={c.catalogId} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
              <Button
                fullWidth
                variant="outlined"
                component={RouterLink}
                to={`${OLD}/${catalogSegment({ catalogName: c.brand, catalogId: c.catalogId })}`}
                sx={{ justifyContent: 'flex-start', textTransform: 'none', minHeight: 48 }}
              >
                {c.brand}
              </Button>
            </Grid>
          ))}
        </Grid>
      ) : null}
    </Stack>
  );
}

/** /catalogo/catalog/index/:catalogId: the catalogue's models. */
export function OldModelsPage() {
  const route = useOldRoute();
  const models = useCatalogRoute(routes.models, { catalogId: route.catalogId }, { enabled: route.catalogId !== '', retry: false });
  return (
    <Stack spacing={2}>
      <OldBreadcrumb route={route} />
      <Typography variant="h5" component="h1">
        {route.catalogName} · {t('catalogOld.models')}
      </Typography>
      {models.isPending ? <Loading /> : null}
      {models.isError ? <EmptyState title={t('emptyStates.notEnoughData')} /> : null}
      {models.data?.data.length === 0 ? <EmptyState title={t('catalogV2.noModels')} /> : null}
      <Grid container spacing={1.5}>
        {models.data?.data.map((m) => (
          <Grid key={m.modelId} size={{ xs: 6, sm: 4, md: 3 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={oldRoute('models', {
                  catalogId: catalogSegment(route),
                  modelId: modelSegment({ modelName: m.name, modelId: m.modelId }),
                })}
                sx={{ height: '100%' }}
                data-testid="old-model"
              >
                {m.img ? (
                  <CardMedia
                    component="img"
                    image={m.img}
                    alt=""
                    loading="lazy"
                    sx={{ aspectRatio: '4 / 3', objectFit: 'contain', bgcolor: '#fff' }}
                  />
                ) : null}
                <CardContent sx={{ p: 1.25 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {m.name}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

type SortKey = 'name' | 'description' | string;

/**
 * /catalogo/catalog/index/:catalogId/:modelId: the cars (001 §2 "Cars (old)"): sortable columns, a filter bar
 * (loaded when the total exceeds 25; a failure is only logged), 'Viendo X de Y', 'Mostrar más', 'No se
 * encontraron vehículos' and the cars page's failure text (001 §8).
 */
export function OldCarsPage() {
  const route = useOldRoute();
  const navigate = useNavigate();
  const language = useCatalogLanguage();
  const parameter = parameterOf(route);
  const cars = useInfiniteQuery({
    queryKey: ['old-cars', route.catalogId, route.modelId, parameter, language],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callRoute(
        routes.cars,
        { query: { catalogId: route.catalogId, modelId: route.modelId, parameter, page: pageParam, language } },
        { signal },
      ),
    getNextPageParam: (last) => ((last.metadata.page + 1) * OLD_CARS_PAGE_SIZE < last.metadata.total ? last.metadata.page + 1 : undefined),
    retry: false,
  });
  const total = cars.data?.pages[0]?.metadata.total ?? 0;
  const filtered = parameter !== '';
  // 001 §9: "when the total exceeds 25, filters are loaded (the first page is unfiltered)".
  const filters = useCatalogRoute(
    routes.filters,
    { catalogId: route.catalogId, modelId: route.modelId, parameter },
    { enabled: filtered || total > OLD_CARS_PAGE_SIZE, retry: false },
  );
  useEffect(() => {
    // 001 §8: "A failure loading filters is only logged."
    if (filters.isError) console.warn('old catalogue: filters failed', filters.error);
  }, [filters.isError, filters.error]);
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'name', dir: 'asc' });
  const rows = useMemo(() => {
    const list = cars.data?.pages.flatMap((p) => p.data) ?? [];
    const value = (c: OldCar) =>
      sort.key === 'name'
        ? c.name
        : sort.key === 'description'
          ? c.description
          : (c.parameters.find((p) => p.name === sort.key)?.value ?? '');
    return [...list].sort((a, b) => value(a).localeCompare(value(b), 'es', { numeric: true }) * (sort.dir === 'asc' ? 1 : -1));
  }, [cars.data, sort]);
  const columns = useMemo(() => {
    const names: string[] = [];
    for (const c of rows) for (const p of c.parameters) if (!names.includes(p.name)) names.push(p.name);
    return names.slice(0, 4);
  }, [rows]);
  const choose = (key: string, idx: string) => {
    const rest = route.parameters.filter(([k]) => k !== key);
    const parameters: [string, string][] = idx === '' ? rest : [...rest, [key, idx]];
    navigate(`${OLD}/${catalogSegment(route)}/${modelSegment({ ...route, parameters })}`);
  };
  const openCar = (c: OldCar) => {
    cacheCar(c);
    navigate(oldRoute('groups', { catalogId: catalogSegment(route), modelId: modelSegment(route), carId: carSegment({ carId: c.carId }) }));
  };
  const header = (key: SortKey, label: string, wide = false) => (
    <TableCell
      key={key}
      sortDirection={sort.key === key ? sort.dir : false}
      sx={wide ? { display: { xs: 'none', sm: 'table-cell' } } : undefined}
    >
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key ? sort.dir : 'asc'}
        onClick={() => setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }))}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  const chosen = new Map(route.parameters);
  return (
    <Stack spacing={2}>
      <OldBreadcrumb route={route} />
      <Typography variant="h5" component="h1">
        {route.catalogName} {route.modelName}
      </Typography>
      {filters.data && filters.data.data.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="old-filters">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="subtitle2">{t('catalog.filters')}</Typography>
            {filters.data.data.map((f) => (
              <TextField
                key={f.key}
                select
                size="small"
                label={f.name}
                value={chosen.get(f.key) ?? ''}
                onChange={(e) => choose(f.key, e.target.value)}
                sx={{ minWidth: 150 }}
              >
                <MenuItem value="">{t('catalogOld.allValues')}</MenuItem>
                {f.values.map((v) => (
                  <MenuItem key={v.idx} value={String(v.idx)}>
                    {v.value}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            {filtered ? (
              <Button
                size="small"
                onClick={() => navigate(`${OLD}/${catalogSegment(route)}/${modelSegment({ ...route, parameters: [] })}`)}
              >
                {t('catalogOld.clearFilters')}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {cars.isPending ? <Loading /> : null}
      {cars.isError ? <Alert severity="error">{t('catalog.carsLoadFailed')}</Alert> : null}
      {cars.isSuccess && rows.length === 0 ? <EmptyState title={t('catalog.noVehiclesFound')} /> : null}
      {rows.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="old-cars-count">
            {t('catalog.viewing', { shown: rows.length, total })}
          </Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('catalogOld.cars')}>
              <TableHead>
                <TableRow>
                  {header('name', t('catalog.name'))}
                  {columns.map((c) => header(c, c, true))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((c) => (
                  <TableRow key={c.carId} hover onClick={() => openCar(c)} sx={{ cursor: 'pointer' }} data-testid="old-car">
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={oldRoute('groups', {
                          catalogId: catalogSegment(route),
                          modelId: modelSegment(route),
                          carId: carSegment({ carId: c.carId }),
                        })}
                        onClick={() => cacheCar(c)}
                        sx={{ fontWeight: 600 }}
                      >
                        {c.name}
                      </Link>
                      <Typography variant="caption" component="div" color="text.secondary">
                        {c.description}
                      </Typography>
                    </TableCell>
                    {columns.map((col) => (
                      <TableCell key={col} sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {c.parameters.find((p) => p.name === col)?.value ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {cars.hasNextPage ? (
            <Button
              variant="outlined"
              onClick={() => void cars.fetchNextPage()}
              disabled={cars.isFetchingNextPage}
              sx={{ alignSelf: 'center' }}
            >
              {t('common.showMore')}
            </Button>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** The car of the route: from the 8-day local cache, else asked (and cached). */
function useOldCar(route: OldRoute) {
  const language = useCatalogLanguage();
  const cached = cachedCar(route.carId);
  const car = useCatalogRoute(
    routes.car,
    { catalogId: route.catalogId, carId: route.carId },
    { enabled: !cached && route.carId !== '', retry: false },
  );
  useEffect(() => {
    if (car.data) cacheCar(car.data.data);
  }, [car.data]);
  void language;
  return cached ?? car.data?.data ?? null;
}

type SubGroupsAnswer = { groupId: string; name: string; subGroups: { id: string; name: string; code: string; img: string }[] }[];
/** 001 §4 "Subgroups are cached per car in a history so revisiting does not refetch." */
const subGroupHistory = new Map<string, Map<string, SubGroupsAnswer[number]>>();

/**
 * 001 §2 'Descargar': an Excel of the group's parts in a new tab for people with downloadPartsCatalog; others
 * read the premium-feature text (001 §6).
 */
function DownloadButton({ route, groupName }: { route: OldRoute; groupName: string }) {
  const { user, isGuest } = useSession();
  const { openLogin } = usePrompts();
  const [premium, setPremium] = useState(false);
  const language = useCatalogLanguage();
  const download = () => {
    if (isGuest) return openLogin({ closable: true });
    if (!user.downloadPartsCatalog) return setPremium(true);
    const query = {
      catalogId: route.catalogId,
      carId: route.carId,
      groupId: route.groupId ?? '',
      groupName,
      criteria: route.criteria ?? undefined,
      isDetail: 'true',
      language,
    };
    window.open(`/api/catalogo/catalog/exportExcel${queryString(query)}`, '_blank', 'noopener');
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download} disabled={!route.groupId}>
        {t('common.download')}
      </Button>
      <Dialog open={premium} onClose={() => setPremium(false)}>
        <DialogContent>
          <Typography>{t('catalog.premiumFeature')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPremium(false)}>{t('common.close')}</Button>
          {/* 001 §6: 'Más información' opens a chat with the sales contact (its number is not in the spec). */}
          <Button variant="contained" component="a" href="https://wa.me/" target="_blank" rel="noopener">
            {t('common.moreInfo')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * /catalogo/catalog/index/:catalogId/:modelId/:carId: the group list on the left, the chosen group's subgroups
 * as image tiles and 'Descargar' (001 §2 "Groups (old)"). Metered like version 2's groups.
 */
export function OldGroupsPage() {
  const route = useOldRoute();
  return (
    <LoginGuard needsLogin={groupsNeedLogin(route)}>
      <OldGroups route={route} />
    </LoginGuard>
  );
}

function OldGroups({ route }: { route: OldRoute }) {
  const navigate = useNavigate();
  const { isGuest } = useSession();
  const { openLogin } = usePrompts();
  const car = useOldCar(route);
  const criteria = route.criteria ?? undefined;
  const groups = useCatalogLookup(routes.groups, { catalogId: route.catalogId, carId: route.carId, criteria });
  const history = useMemo(() => {
    const known = subGroupHistory.get(route.carId) ?? new Map<string, SubGroupsAnswer[number]>();
    subGroupHistory.set(route.carId, known);
    return known;
  }, [route.carId]);
  const remembered = route.groupId ? history.get(route.groupId) : undefined;
  const subGroups = useCatalogLookup(
    routes.subGroupsBatch,
    {
      catalogId: route.catalogId,
      carId: route.carId,
      groupId: route.groupId ?? '',
      criteria,
      catalogParams: `${catalogSegment(route)}&${modelSegment(route)}&${carSegment(route)}`,
    },
    { enabled: route.groupId !== null && !remembered && !isGuest },
  );
  useEffect(() => {
    const first = subGroups.data?.data[0];
    if (first) history.set(first.groupId, first);
  }, [subGroups.data, history]);
  const shown = remembered ?? subGroups.data?.data[0];
  const gate = meteringGate(groups) ?? meteringGate(subGroups);
  const select = (g: { id: string; name: string }) => {
    // 001 §4 "Guests selecting a group get a login modal."
    if (isGuest) return openLogin({ closable: true, message: t('catalog.loginRequired') });
    navigate(
      oldRoute('groups', {
        catalogId: catalogSegment(route),
        modelId: modelSegment(route),
        carId: carSegment({ ...route, groupName: g.name, groupId: g.id }),
      }),
      { replace: true },
    );
  };
  const groupName = route.groupName ?? shown?.name ?? '';
  return (
    <Stack spacing={2}>
      <OldBreadcrumb route={route} car={car?.name} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h5" component="h1">
            {car ? `${car.brand} ${car.name}` : route.modelName}
          </Typography>
          {car ? (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
              {car.parameters.slice(0, 6).map((p) => (
                <Chip key={p.name} size="small" label={`${p.name}: ${p.value}`} />
              ))}
            </Stack>
          ) : null}
        </Box>
        <DownloadButton route={route} groupName={groupName} />
      </Stack>
      {gate ? <MeteringGatePanel gate={gate} kind="catalog_consultations" /> : null}
      {!gate && groups.isPending ? <Loading /> : null}
      {!gate && groups.isError ? <LoadFailed onRetry={() => void groups.refetch()} /> : null}
      {!gate && groups.data ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Paper variant="outlined" sx={{ maxHeight: { xs: 280, md: '70vh' }, overflow: 'auto' }}>
              <List dense component="nav" aria-label={t('catalog.groups')} data-testid="old-groups">
                {groups.data.data.map((g) => (
                  <ListItemButton key={g.id} selected={route.groupId === g.id} onClick={() => select(g)}>
                    <ListItemText primary={g.name} />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            {route.groupId === null || isGuest ? <EmptyState title={t('catalogOld.chooseGroup')} /> : null}
            {route.groupId !== null && !shown && subGroups.isPending && !isGuest ? <Loading /> : null}
            {shown ? (
              <Grid container spacing={1.5}>
                {shown.subGroups.map((s) => (
                  <Grid key={s.id} size={{ xs: 6, sm: 4, lg: 3 }}>
                    <Card variant="outlined" sx={{ height: '100%' }}>
                      <CardActionArea
                        component={RouterLink}
                        to={`${oldRoute('groups', { catalogId: catalogSegment(route), modelId: modelSegment(route), carId: carSegment(route) })}/${new URLSearchParams({ sg: s.name, subGroupId: s.id }).toString().replace(/\+/g, '%20')}`}
                        sx={{ height: '100%' }}
                        data-testid="old-subgroup"
                      >
                        <CardMedia
                          component="img"
                          image={s.img}
                          alt=""
                          loading="lazy"
                          sx={{ aspectRatio: '4 / 3', objectFit: 'contain', bgcolor: '#fff', borderBottom: 1, borderColor: 'divider' }}
                        />
                        <CardContent sx={{ p: 1.25 }}>
                          <Typography variant="caption" color="text.secondary">
                            {s.code}
                          </Typography>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {s.name}
                          </Typography>
                        </CardContent>
                      </CardActionArea>
                    </Card>
                  </Grid>
                ))}
              </Grid>
            ) : null}
          </Grid>
        </Grid>
      ) : null}
    </Stack>
  );
}

/** /catalogo/catalog/index/:catalogId/:modelId/:carId/:subGroupId: the parts diagram (login required). */
export function OldPartsPage() {
  const route = useOldRoute();
  return (
    <LoginGuard needsLogin>
      <OldParts route={route} />
    </LoginGuard>
  );
}

function OldParts({ route }: { route: OldRoute }) {
  const car = useOldCar(route);
  const { openPlans } = usePrompts();
  const query = useCatalogLookup(routes.parts, {
    catalogId: route.catalogId,
    carId: route.carId,
    subGroupId: route.subGroupId ?? undefined,
    criteria: route.criteria ?? undefined,
  });
  const gate = meteringGate(query);
  const answer = gate ? null : (query.data?.data ?? null);
  const [active, setActive] = useState<string | null>(null);
  const [choice, setChoice] = useState<{ anchor: HTMLElement; parts: Part[] } | null>(null);
  const [searched, setSearched] = useState<Part | null>(null);
  const parts = answer?.partGroups.flatMap((g) => g.parts) ?? [];
  const search = (p: Part) => (p.number ? setSearched(p) : openPlans('catalog_consultations'));
  const hotspot = (code: string, el: HTMLElement) => {
    setActive(code);
    const at = parts.filter((p) => p.positionNumber === code);
    // 001 §2: "A position with several parts shows a popover … A single-part position searches directly."
    if (at.length === 1) search(at[0]!);
    else if (at.length > 1) setChoice({ anchor: el, parts: at });
  };
  const diagram = answer?.img
    ? {
        unitInfo: { name: route.subGroupName ?? '', largeImageUrl: answer.img },
        imageMap: answer.positions.map((p) => ({ code: p.number, x1: p.x, y1: p.y, x2: p.x + p.width, y2: p.y + p.height })),
      }
    : null;
  return (
    <Stack spacing={2}>
      <OldBreadcrumb route={route} car={car?.name} />
      <Typography variant="h5" component="h1">
        {route.subGroupName}
      </Typography>
      {gate ? <MeteringGatePanel gate={gate} kind="catalog_consultations" /> : null}
      {!gate && query.isPending ? <Loading /> : null}
      {!gate && query.isError ? (
        <EmptyState title={t('catalog.requestFailed')} detail={t('catalog.requestFailedDetail')}>
          <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void query.refetch()}>
            {t('customerConsole.tryAgain')}
          </Button>
        </EmptyState>
      ) : null}
      {answer ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Paper variant="outlined" sx={{ p: 1 }}>
              {diagram ? <UnitDiagram answer={diagram} active={active} onHover={setActive} onHotspot={hotspot} /> : null}
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            {parts.length === 0 ? (
              <Paper variant="outlined">
                <EmptyState title={t('catalog.infoComingSoon')} />
              </Paper>
            ) : (
              <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: { lg: '80vh' } }}>
                <Table stickyHeader size="small" aria-label={t('catalogOld.partsTable')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('catalog.position')}</TableCell>
                      <TableCell>{t('catalog.partNumber')}</TableCell>
                      <TableCell>{t('catalog.name')}</TableCell>
                      <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        <Tooltip title={t('catalog.quantityTooltip')}>
                          <span>{t('catalog.quantity')}</span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {parts.map((p, i) => (
                      <TableRow key={`${p.positionNumber}-${i}`} selected={active === p.positionNumber} data-code={p.positionNumber}>
                        <TableCell sx={{ fontWeight: 700 }}>{p.positionNumber}</TableCell>
                        <TableCell>
                          <Link
                            component="button"
                            type="button"
                            onClick={() => search(p)}
                            sx={{ fontFamily: p.number ? 'monospace' : undefined }}
                          >
                            {p.number ?? t('catalog.viewPartNumber')}
                          </Link>
                        </TableCell>
                        <TableCell>
                          {p.name}
                          <Typography variant="caption" component="div" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                            {t('catalog.quantity')}: {p.amount}
                          </Typography>
                        </TableCell>
                        <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          {p.amount}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Grid>
        </Grid>
      ) : null}
      <Popover
        open={choice !== null}
        anchorEl={choice?.anchor}
        onClose={() => setChoice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { 'data-testid': 'hotspot-options' } as object }}
      >
        <Box sx={{ p: 1.5, maxWidth: 360 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('catalog.multipleOptions')}
          </Typography>
          <List dense>
            {choice?.parts.map((p, i) => (
              <ListItemButton
                key={`${p.number}-${i}`}
                onClick={() => {
                  setChoice(null);
                  search(p);
                }}
              >
                <ListItemText primary={p.name} secondary={p.number ?? t('catalog.viewPartNumber')} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Popover>
      {searched?.number ? (
        <Area fallback={null}>
          <ProductSearchModal reference={searched.number} name={searched.name} onClose={() => setSearched(null)} />
        </Area>
      ) : null}
    </Stack>
  );
}

/**
 * /catalogo/catalog/index/search/:VIN: the old generation's VIN search. One exact car opens its groups with
 * q and criteria in the car segment (so a guest gets in); several are listed; none says why.
 */
export function OldVinSearchPage() {
  const { VIN = '' } = useParams();
  const navigate = useNavigate();
  const lookup = useCatalogRoute(routes.vehicleForVinOrFrame, { vinOrFrame: VIN }, { retry: false });
  const catalogs = useCatalogRoute(routes.catalogs, {});
  const names = new Map(catalogs.data?.data.map((c) => [c.catalogId, c.brand]) ?? []);
  const found = lookup.data?.data ?? [];
  const pathOf = (f: (typeof found)[number]) =>
    oldRoute('groups', {
      catalogId: catalogSegment({ catalogName: names.get(f.catalogId) ?? f.brand, catalogId: f.catalogId }),
      modelId: modelSegment({ modelName: f.modelName, modelId: f.modelId }),
      carId: carSegment({ carId: f.carId, q: VIN, criteria: f.criteria }),
    });
  const only = found.length === 1 && found[0]!.exact ? found[0]! : null;
  useEffect(() => {
    if (only && catalogs.data) navigate(pathOf(only), { replace: true });
  });
  if (lookup.isPending || (only && !catalogs.data)) return <Loading />;
  if (lookup.isError) {
    const errors = (lookup.error as { errors?: string[] }).errors ?? [];
    return <EmptyState title={errors[0] ?? t('vin.requestFailed')} detail={errors[1]} />;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('vin.whichVehicle')}
      </Typography>
      <List>
        {found.map((f) => (
          <ListItemButton key={f.carId} component={RouterLink} to={pathOf(f)} data-testid="old-vin-result">
            <ListItemText primary={f.name} secondary={f.modelName} />
          </ListItemButton>
        ))}
      </List>
    </Stack>
  );
}
