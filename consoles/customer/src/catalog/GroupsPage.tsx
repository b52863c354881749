import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Chip,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import SearchIcon from '@mui/icons-material/Search';
import { catalogBrowseRoutes, t, type Category, type QuickGroup } from '@tuerca/contracts';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';
import { EmptyState, LoadFailed, Loading } from '../app/ui';
import { foldText } from '../app/search';
import { meteringGate, meterMetaOf } from '../app/queries';
import { MeteringGatePanel } from '../app/MeteringGate';
import { useCatalog, useCatalogLookup } from './queries';
import { unitPath, useCatalogUrl, useVehicleRoute, type VehicleRoute } from './routes';
import { VehicleHeader } from './VehicleHeader';
import { oemPath } from './oemRoute';
import type { GroupsAnswer, Unit } from './types';

/** 001 §2 vehicle info: with the detailapplicability feature, an OEM search box opens the OEM finder's groups level. */
function OemSearchBox({ route }: { route: VehicleRoute }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const oem = text.trim();
    if (oem.length < 3) return setError(t('search.minLength'));
    navigate(oemPath({ oem, catalog: route.catalogCode, vid: route.vehicleId, v: route.vehicleName, ssd: route.ssd, q: route.vin }));
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 560 }}>
      <TextField
        size="small"
        fullWidth
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        placeholder={t('oem.searchPlaceholder')}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{
          htmlInput: { 'aria-label': t('customerConsole.oemSearchInVehicle'), maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained">
        {t('common.search')}
      </Button>
    </Box>
  );
}

function baseQuery(r: VehicleRoute) {
  return { catalogCode: r.catalogCode, vehicleId: r.vehicleId, ssd: r.ssd, vehicleName: r.vehicleName, q: r.vin ?? undefined };
}

/** Filter a quick-group tree: keeps groups whose name, or a descendant's, matches the folded text. */
function filterTree(groups: QuickGroup[], needle: string): QuickGroup[] {
  const out: QuickGroup[] = [];
  for (const g of groups) {
    const children = filterTree(g.childGroups ?? [], needle);
    if (foldText(g.name).includes(needle) || children.length > 0)
      out.push({ ...g, childGroups: foldText(g.name).includes(needle) ? g.childGroups : children });
  }
  return out;
}

function UnitGrid({ units, route }: { units: Unit[]; route: VehicleRoute }) {
  if (units.length === 0) return <EmptyState title={t('emptyStates.noResults')} detail={t('customerConsole.noUnitsNext')} />;
  return (
    <Grid container spacing={1.5}>
      {units.map((u) => (
        <Grid key={u.unitId} size={{ xs: 6, sm: 4, lg: 3 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={unitPath(route, u)} sx={{ height: '100%' }} data-testid="unit-card">
              <CardMedia
                component="img"
                image={u.imageUrl}
                alt=""
                loading="lazy"
                sx={{ aspectRatio: '4 / 3', objectFit: 'contain', bgcolor: '#fff', borderBottom: 1, borderColor: 'divider' }}
              />
              <CardContent sx={{ p: 1.25 }}>
                <Typography variant="caption" color="text.secondary">
                  {u.code}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {u.name}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function CategoryList({
  categories,
  selected,
  onSelect,
  depth = 0,
}: {
  categories: Category[];
  selected: string | null;
  onSelect(c: Category): void;
  depth?: number;
}) {
  return (
    <>
      {categories.map((c) => (
        <Box key={c.categoryId}>
          <ListItemButton selected={selected === c.categoryId} onClick={() => onSelect(c)} sx={{ pl: 2 + depth * 2, py: 0.5 }}>
            <ListItemText
              primary={c.name}
              slotProps={{ primary: { variant: depth === 0 ? 'body2' : 'caption', sx: { fontWeight: depth === 0 ? 600 : 400 } } }}
            />
          </ListItemButton>
          {c.childrens?.length ? <CategoryList categories={c.childrens} selected={selected} onSelect={onSelect} depth={depth + 1} /> : null}
        </Box>
      ))}
    </>
  );
}

/** 'Grupos': the category tree and the units of the chosen category (loadOnlyUnits=1, metered like the page). */
function GroupsTab({ route, answer }: { route: VehicleRoute; answer: GroupsAnswer }) {
  const [selected, setSelected] = useState<Category | null>(null);
  const url = useCatalogUrl();
  const units = useCatalogLookup(
    catalogBrowseRoutes.groups,
    { ...baseQuery(route), ssd: selected?.ssd ?? route.ssd, cid: selected?.categoryId, loadOnlyUnits: '1', catalogUrl: url },
    { enabled: selected !== null },
  );
  const gate = meteringGate(units);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <Paper variant="outlined" sx={{ maxHeight: { xs: 280, md: '70vh' }, overflow: 'auto' }}>
          <List dense component="nav" aria-label={t('catalogV2.groupsTab')}>
            <CategoryList categories={answer.categories ?? []} selected={selected?.categoryId ?? route.cid} onSelect={setSelected} />
          </List>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        {selected === null ? <UnitGrid units={answer.units} route={route} /> : null}
        {selected !== null && gate ? <MeteringGatePanel gate={gate} kind="catalog_consultations" /> : null}
        {selected !== null && !gate && units.isPending ? <Loading /> : null}
        {selected !== null && !gate && units.isError ? <LoadFailed onRetry={() => void units.refetch()} /> : null}
        {selected !== null && !gate && units.isSuccess ? <UnitGrid units={units.data.data.units} route={route} /> : null}
      </Grid>
    </Grid>
  );
}

function QuickTree({
  groups,
  onPick,
  selected,
  depth = 0,
}: {
  groups: QuickGroup[];
  onPick(g: QuickGroup): void;
  selected: string | null;
  depth?: number;
}) {
  return (
    <>
      {groups.map((g) => (
        <Box key={g.quickGroupId}>
          <ListItemButton onClick={() => onPick(g)} selected={selected === g.quickGroupId} sx={{ pl: 2 + depth * 2, py: 0.25 }}>
            <ListItemText
              primary={g.name}
              slotProps={{ primary: { variant: 'body2', sx: { fontWeight: g.childGroups?.length ? 600 : 400 } } }}
            />
          </ListItemButton>
          {g.childGroups?.length ? <QuickTree groups={g.childGroups} onPick={onPick} selected={selected} depth={depth + 1} /> : null}
        </Box>
      ))}
    </>
  );
}

/** 'Detallado': the quick-group tree (filtered from 3 characters) and the units of the chosen group. */
function DetailedTab({ route }: { route: VehicleRoute }) {
  const url = useCatalogUrl();
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<string | null>(route.gid);
  const tree = useCatalogLookup(catalogBrowseRoutes.quickGroups, { ...baseQuery(route), catalogUrl: url });
  const detail = useCatalogLookup(
    catalogBrowseRoutes.listQuickDetail,
    { ...baseQuery(route), groupId: picked ?? '' },
    { enabled: picked !== null },
  );
  const needle = foldText(filter);
  const groups = tree.data?.data.quickGroups;
  const shown = useMemo(() => (groups && needle.length >= 3 ? filterTree(groups, needle) : groups), [groups, needle]);
  const gate = meteringGate(tree) ?? meteringGate(detail);
  if (gate) return <MeteringGatePanel gate={gate} kind="catalog_consultations" />;
  if (tree.isError) return <LoadFailed onRetry={() => void tree.refetch()} />;
  if (!shown) return <Loading />;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Paper variant="outlined" sx={{ p: 1 }}>
          <TextField
            fullWidth
            size="small"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t('catalogV2.quickGroupSearch')}
            helperText={filter.trim().length > 0 && needle.length < 3 ? t('customerConsole.quickGroupMinChars') : ' '}
            slotProps={{
              htmlInput: { 'aria-label': t('catalogV2.quickGroupSearch') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
          <List
            dense
            component="nav"
            sx={{ maxHeight: { xs: 320, md: '60vh' }, overflow: 'auto' }}
            aria-label={t('catalogV2.detailedTab')}
            data-testid="quick-groups"
          >
            {shown.length > 0 ? (
              <QuickTree groups={shown} onPick={(g) => setPicked(g.quickGroupId)} selected={picked} />
            ) : (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('customerConsole.noGroupsMatch', { text: filter })}
              </Typography>
            )}
          </List>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        {picked === null ? <EmptyState title={t('customerConsole.chooseQuickGroup')} /> : null}
        {picked !== null && detail.isPending ? <Loading /> : null}
        {picked !== null && detail.isError ? <LoadFailed onRetry={() => void detail.refetch()} /> : null}
        {picked !== null && detail.isSuccess ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {detail.data.data.quickGroup.name}
            </Typography>
            {detail.data.data.categories.length === 0 ? (
              <EmptyState title={t('catalog.infoComingSoon')} detail={t('customerConsole.infoComingSoonNext')} />
            ) : null}
            {detail.data.data.categories.map((c) => (
              <Box key={c.categoryId}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                  {c.name}
                </Typography>
                <UnitGrid units={c.units} route={route} />
              </Box>
            ))}
          </Stack>
        ) : null}
      </Grid>
    </Grid>
  );
}

/**
 * Groups (version 2): 'Grupos' and 'Detallado' tabs; metered per vehicle (001 §2, §4). At the forced login or
 * with the consultations exhausted, only the gate shows: nothing of the answer behind it.
 */
export function GroupsPage() {
  const route = useVehicleRoute();
  const url = useCatalogUrl();
  // 001 §8: a failed one-catalogue fetch falls back to the groups tab without quick groups.
  const catalog = useCatalog(route.catalogCode);
  const features = catalog.data?.data.features ?? [];
  const hasQuickGroups = features.some((f) => f.name === 'quickgroups');
  const hasDetailApplicability = features.some((f) => f.name === 'detailapplicability');
  const groups = useCatalogLookup(catalogBrowseRoutes.groups, {
    ...baseQuery(route),
    cid: route.cid ?? undefined,
    catalogUrl: url,
  });
  const gate = meteringGate(groups);
  const answer = gate ? null : (groups.data?.data ?? null);
  const [tab, setTab] = useState<'groups' | 'detailed'>(() => readLocal(STORAGE_KEYS.groupsTab, 'groups'));
  const [badgeDismissed, setBadgeDismissed] = useState(() => readLocal(STORAGE_KEYS.newBadgeDismissed, false));

  const chooseTab = (v: 'groups' | 'detailed') => {
    setTab(v);
    writeLocal(STORAGE_KEYS.groupsTab, v);
    if (v === 'detailed' && !badgeDismissed) {
      setBadgeDismissed(true);
      writeLocal(STORAGE_KEYS.newBadgeDismissed, true);
    }
  };
  const activeTab = hasQuickGroups ? tab : 'groups';

  return (
    <Stack spacing={2}>
      <VehicleHeader route={route} vehicle={answer?.vehicle ?? null} meta={gate ? undefined : meterMetaOf(groups)} />
      {answer && hasDetailApplicability ? <OemSearchBox route={route} /> : null}
      {gate ? <MeteringGatePanel gate={gate} kind="catalog_consultations" /> : null}
      {!gate && groups.isPending ? <Loading /> : null}
      {!gate && groups.isError ? (
        <EmptyState title={t('catalog.requestFailed')} detail={t('catalog.requestFailedDetail')}>
          <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void groups.refetch()}>
            {t('customerConsole.tryAgain')}
          </Button>
        </EmptyState>
      ) : null}
      {answer ? (
        <>
          <Tabs value={activeTab} onChange={(_e, v) => chooseTab(v)} aria-label={t('catalog.groups')}>
            <Tab value="groups" label={t('catalogV2.groupsTab')} />
            {hasQuickGroups ? (
              <Tab
                value="detailed"
                label={
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                    <span>{t('catalogV2.detailedTab')}</span>
                    {badgeDismissed ? null : (
                      <Chip size="small" color="secondary" label={t('catalogV2.newBadge')} sx={{ height: 18, fontSize: 11 }} />
                    )}
                  </Stack>
                }
              />
            ) : null}
          </Tabs>
          {activeTab === 'groups' ? <GroupsTab route={route} answer={answer} /> : <DetailedTab route={route} />}
        </>
      ) : null}
    </Stack>
  );
}
