import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Alert,
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
import { t, type Category, type QuickGroup } from '@tuerca/contracts';
import { api } from '../app/api';
import { useSession } from '../app/session';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';
import { EmptyState, Loading } from '../app/ui';
import { foldText } from '../app/search';
import { usePrompts } from '../app/prompts';
import { catalogLanguage } from './language';
import { useMeterPrompts, type MeterMeta } from './metering';
import { catalogUrl, unitPath, useVehicleRoute, type VehicleRoute } from './routes';
import { VehicleHeader, type CatalogVehicleInfo } from './VehicleHeader';
import { oemPath } from './oemRoute';

/** 001 §2 vehicle info: with the detailapplicability feature, an OEM search box opens the OEM finder's groups level. */
function OemSearchBox({ route }: { route: VehicleRoute }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
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

export interface UnitCard {
  unitId: string;
  name: string;
  code: string;
  imageUrl: string;
  largeImageUrl?: string;
  ssd: string;
  parts?: { codeOnImage: string; oem: string | null; name: string }[];
}
interface GroupsAnswer {
  categories: Category[];
  units: UnitCard[];
  vehicle: CatalogVehicleInfo;
  catalog: { code: string; brand: string; features: { name: string }[] };
}
interface QuickGroupsAnswer {
  quickGroups: QuickGroup[];
}
interface QuickDetailAnswer {
  quickGroup: { quickGroupId: string; name: string };
  categories: { categoryId: string; name: string; units: UnitCard[] }[];
}

type Status = 'loading' | 'loaded' | 'login' | 'exhausted' | 'failed';

function baseQuery(r: VehicleRoute) {
  return {
    catalogCode: r.catalogCode,
    vehicleId: r.vehicleId,
    ssd: r.ssd,
    vehicleName: r.vehicleName,
    q: r.vin ?? undefined,
    language: catalogLanguage(),
  };
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

function UnitGrid({ units, route }: { units: UnitCard[]; route: VehicleRoute }) {
  if (units.length === 0) return <EmptyState title={t('emptyStates.noResults')} />;
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

function GroupsTab({ route, answer }: { route: VehicleRoute; answer: GroupsAnswer }) {
  const [selected, setSelected] = useState<string | null>(route.cid);
  const [units, setUnits] = useState<UnitCard[]>(answer.units);
  const [loading, setLoading] = useState(false);
  const select = (c: Category) => {
    setSelected(c.categoryId);
    setLoading(true);
    api
      .get<GroupsAnswer>('/catalogo/catalogV2/groups', {
        ...baseQuery(route),
        ssd: c.ssd ?? route.ssd,
        cid: c.categoryId,
        loadOnlyUnits: 1,
        catalogUrl: catalogUrl(),
      })
      .then((r) => setUnits(r.data.units))
      .catch(() => setUnits([]))
      .finally(() => setLoading(false));
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <Paper variant="outlined" sx={{ maxHeight: { md: '70vh' }, overflow: 'auto' }}>
          <List dense aria-label={t('catalogV2.groupsTab')}>
            <CategoryList categories={answer.categories} selected={selected} onSelect={select} />
          </List>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>{loading ? <Loading /> : <UnitGrid units={units} route={route} />}</Grid>
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

function DetailedTab({ route }: { route: VehicleRoute }) {
  const [tree, setTree] = useState<QuickGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<string | null>(route.gid);
  const [detail, setDetail] = useState<QuickDetailAnswer | null>(null);
  const [loadingDetail, setLoadingDetail] = useState(false);
  useEffect(() => {
    api
      .get<QuickGroupsAnswer>('/catalogo/catalogV2/quickGroups', { ...baseQuery(route), catalogUrl: catalogUrl() })
      .then((r) => setTree(r.data.quickGroups))
      .catch(() => setFailed(true));
  }, [route.vehicleId, route.ssd]);
  const needle = foldText(filter);
  const shown = useMemo(() => (tree && needle.length >= 3 ? filterTree(tree, needle) : tree), [tree, needle]);
  const pick = (g: QuickGroup) => {
    setPicked(g.quickGroupId);
    setLoadingDetail(true);
    api
      .get<QuickDetailAnswer>('/catalogo/catalogV2/listQuickDetail', { ...baseQuery(route), groupId: g.quickGroupId })
      .then((r) => setDetail(r.data))
      .catch(() => setDetail(null))
      .finally(() => setLoadingDetail(false));
  };
  if (failed) return <EmptyState />;
  if (!tree) return <Loading />;
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
            sx={{ maxHeight: { md: '60vh' }, overflow: 'auto' }}
            aria-label={t('catalogV2.detailedTab')}
            data-testid="quick-groups"
          >
            {shown && shown.length > 0 ? (
              <QuickTree groups={shown} onPick={pick} selected={picked} />
            ) : (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('customerConsole.noGroupsMatch', { text: filter })}
              </Typography>
            )}
          </List>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        {loadingDetail ? <Loading /> : null}
        {!loadingDetail && !detail ? <EmptyState title={t('customerConsole.chooseQuickGroup')} /> : null}
        {!loadingDetail && detail ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {detail.quickGroup.name}
            </Typography>
            {detail.categories.length === 0 ? <EmptyState title={t('catalog.infoComingSoon')} /> : null}
            {detail.categories.map((c) => (
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

/** Groups (version 2): 'Grupos' and 'Detallado' tabs; metered per vehicle (001 §2, §4). */
export function GroupsPage() {
  const route = useVehicleRoute();
  const { isGuest } = useSession();
  const { openLogin, openPlans } = usePrompts();
  const { onMeta, onError } = useMeterPrompts('catalog_consultations');
  const [status, setStatus] = useState<Status>('loading');
  const [answer, setAnswer] = useState<GroupsAnswer | null>(null);
  const [meta, setMeta] = useState<MeterMeta | undefined>();
  const [hasQuickGroups, setHasQuickGroups] = useState(false);
  const [hasDetailApplicability, setHasDetailApplicability] = useState(false);
  const [tab, setTab] = useState<'groups' | 'detailed'>(() => readLocal(STORAGE_KEYS.groupsTab, 'groups'));
  const [badgeDismissed, setBadgeDismissed] = useState(() => readLocal(STORAGE_KEYS.newBadgeDismissed, false));

  useEffect(() => {
    setStatus('loading');
    api
      .get<{ features: { name: string }[] }>('/catalogo/catalogV2/getCatalog', {
        catalogCode: route.catalogCode,
        language: catalogLanguage(),
      })
      .then((r) => {
        setHasQuickGroups(r.data.features.some((f) => f.name === 'quickgroups'));
        setHasDetailApplicability(r.data.features.some((f) => f.name === 'detailapplicability'));
      })
      .catch(() => {
        setHasQuickGroups(false);
        setHasDetailApplicability(false);
      });
    api
      .get<GroupsAnswer, MeterMeta>('/catalogo/catalogV2/groups', {
        ...baseQuery(route),
        cid: route.cid ?? undefined,
        catalogUrl: catalogUrl(),
      })
      .then((r) => {
        setAnswer(r.data);
        setMeta(r.metadata);
        setStatus('loaded');
        onMeta(r.metadata);
      })
      .catch((err) => {
        const denial = onError(err, t('catalog.loginRequired'));
        setStatus(denial === 'login' ? 'login' : denial === 'exhausted' ? 'exhausted' : 'failed');
      });
  }, [route.catalogCode, route.vehicleId, route.ssd, isGuest]);

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
      <VehicleHeader route={route} vehicle={answer?.vehicle ?? null} meta={meta} />
      {status === 'loaded' && hasDetailApplicability ? <OemSearchBox route={route} /> : null}
      {status === 'loading' ? <Loading /> : null}
      {status === 'failed' ? (
        <Alert severity="error">
          <strong>{t('catalog.requestFailed')}</strong>
          <Box>{t('catalog.requestFailedDetail')}</Box>
        </Alert>
      ) : null}
      {status === 'login' ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>{t('catalog.loginRequired')}</Typography>
          <Button
            variant="contained"
            onClick={() => openLogin({ closable: false, message: t('catalog.loginRequired'), onLoggedIn: () => window.location.reload() })}
          >
            {t('common.enter')}
          </Button>
        </Paper>
      ) : null}
      {status === 'exhausted' ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>{t('plans.exhaustedCatalog')}</Typography>
          <Button variant="contained" onClick={() => openPlans('catalog_consultations', true)}>
            {t('plans.seePlans')}
          </Button>
        </Paper>
      ) : null}
      {status === 'loaded' && answer ? (
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
