import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import AddIcon from '@mui/icons-material/Add';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import Grid from '@mui/material/Grid';
import { t } from '@tuerca/contracts';
import { api, errorText } from '../app/api';
import { useApiMutation, useApiQuery } from '../app/queries';
import { useDebounced } from '../app/useDebounced';
import { vehicleTitle } from '../app/format';
import { useSession } from '../app/session';
import { usePrompts } from '../app/prompts';
import { EmptyState, LoadFailed, Loading, useToast } from '../app/ui';
import { usePlatePanel } from '../plate/PlatePanelProvider';
import { VehicleCard, type PlateVehicle } from '../plate/VehicleCard';
import { catalogSearchPath, useVinHasCatalog } from '../plate/vinCatalog';
import { useViewMode, ViewSwitcher, type ViewMode } from '../app/ViewSwitcher';
import { VehicleFormDialog } from './VehicleFormDialog';
import EventIcon from '@mui/icons-material/EventOutlined';
import { RenewalsDialog } from '../agenda/RenewalsDialog';

interface GarageVehicle extends PlateVehicle {
  id: string;
  VIN: string | null;
  source: 'manual' | 'plate-lookup';
}

/** The catalogue icon of a garage vehicle: only when its VIN is in the catalogue (001 §2, §4). */
function CatalogLink({ v }: { v: GarageVehicle }) {
  const has = useVinHasCatalog(v.catalogToken, v.is_test === true);
  if (!v.catalogToken || has !== true) return null;
  return (
    <Tooltip title={t('vehicleCard.viewPartsInCatalog')}>
      <IconButton href={catalogSearchPath(v.catalogToken)} aria-label={`${t('vehicleCard.viewPartsInCatalog')} ${v.license_plate}`}>
        <MenuBookIcon />
      </IconButton>
    </Tooltip>
  );
}

function VehicleActions({ v, onCard, onRemove }: { v: GarageVehicle; onCard(): void; onRemove(): void }) {
  const [renewals, setRenewals] = useState(false);
  return (
    <>
      <Tooltip title={t('agenda.renewals')}>
        <IconButton onClick={() => setRenewals(true)} aria-label={`${t('agenda.renewals')} ${v.license_plate}`}>
          <EventIcon />
        </IconButton>
      </Tooltip>
      {renewals ? <RenewalsDialog vehicle={v} onClose={() => setRenewals(false)} /> : null}
      <Tooltip title={t('customerConsole.vehicleCardOpen')}>
        <IconButton onClick={onCard} aria-label={`${t('customerConsole.vehicleCardOpen')} ${v.license_plate}`}>
          <BadgeIcon />
        </IconButton>
      </Tooltip>
      <CatalogLink v={v} />
      <Tooltip title={t('customerConsole.deleteVehicle')}>
        <IconButton onClick={onRemove} aria-label={`${t('customerConsole.deleteVehicle')} ${v.license_plate}`}>
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}

const sourceText = (v: GarageVehicle) =>
  v.source === 'plate-lookup' ? t('customerConsole.sourcePlate') : t('customerConsole.sourceManual');

/** The garage list in the chosen view: list cards, square cards or the table (001 §2 view switcher). */
function GarageList({
  mode,
  vehicles,
  onCard,
  onRemove,
}: {
  mode: ViewMode;
  vehicles: GarageVehicle[];
  onCard(v: GarageVehicle): void;
  onRemove(v: GarageVehicle): void;
}) {
  if (mode === 'table')
    return (
      <TableContainer component={Paper} variant="outlined" data-testid="garage-table">
        <Table aria-label={t('garage.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('vehicleForm.licensePlate')}</TableCell>
              <TableCell>{t('customerConsole.vehicleColumn')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('vehicleForm.vin')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('customerConsole.sourceColumn')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {vehicles.map((v) => (
              <TableRow key={v.id} data-testid="garage-row">
                <TableCell sx={{ fontWeight: 700, letterSpacing: 1 }}>{v.license_plate}</TableCell>
                <TableCell>
                  {vehicleTitle(v.brand, v.model)} {v.year ?? ''}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>{v.VIN ?? '—'}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{sourceText(v)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <VehicleActions v={v} onCard={() => onCard(v)} onRemove={() => onRemove(v)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  const square = mode === 'squareCards';
  return (
    <Grid container spacing={square ? 1.5 : 1} data-testid={square ? 'garage-square-cards' : 'garage-cards'}>
      {vehicles.map((v) => (
        <Grid key={v.id} size={square ? { xs: 6, sm: 4, md: 3 } : 12}>
          <Card
            variant="outlined"
            data-testid="garage-row"
            sx={{
              height: '100%',
              display: 'flex',
              flexDirection: square ? 'column' : 'row',
              alignItems: square ? 'stretch' : 'center',
              aspectRatio: square ? { sm: '1 / 1' } : undefined,
            }}
          >
            <CardContent sx={{ flex: 1, p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Box
                component="span"
                sx={{
                  display: 'inline-block',
                  px: 1,
                  border: 2,
                  borderColor: 'text.primary',
                  borderRadius: 1,
                  bgcolor: '#ffd600',
                  color: '#111',
                  fontWeight: 800,
                  letterSpacing: 1.5,
                  fontFamily: 'monospace',
                  fontSize: square ? 15 : 17,
                }}
              >
                {v.license_plate}
              </Box>
              <Typography sx={{ fontWeight: 700, mt: 1 }}>
                {vehicleTitle(v.brand, v.model)} {v.year ?? ''}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {v.VIN ? `VIN ${v.VIN}` : '—'}
              </Typography>
              {square ? null : (
                <Typography variant="caption" color="text.secondary">
                  {sourceText(v)}
                </Typography>
              )}
            </CardContent>
            <CardActions
              sx={{
                justifyContent: 'flex-end',
                flexShrink: 0,
                flexWrap: square ? 'nowrap' : { xs: 'wrap', sm: 'nowrap' },
                maxWidth: square ? undefined : { xs: 96, sm: 'none' },
              }}
            >
              <VehicleActions v={v} onCard={() => onCard(v)} onRemove={() => onRemove(v)} />
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** Garage page (001 §2): the person's vehicles, searchable by vehicle, plate and VIN (page size 100). */
export function GaragePage() {
  const { isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const plate = usePlatePanel();
  const notify = useToast();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search);
  const [formOpen, setFormOpen] = useState(false);
  const [mode, setMode] = useViewMode('garage');
  const [card, setCard] = useState<GarageVehicle | null>(null);
  // 001 §7: GET /garage/vehicle/ with filter searchInColumns and pageSize 100.
  const query = useApiQuery<GarageVehicle[], { total?: number }>(
    '/garage/vehicle/',
    { filter: JSON.stringify({ searchInColumns: settled }), page: 0, pageSize: 100 },
    { enabled: ready && !isGuest, placeholderData: keepPreviousData },
  );
  const vehicles = query.data?.data ?? null;
  const total = query.data?.metadata.total ?? vehicles?.length ?? 0;
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/garage/vehicle') });

  const removal = useApiMutation((v: GarageVehicle) => api.del(`/garage/vehicle/${v.id}`), {
    onSuccess: () => {
      notify(t('garage.vehicleRemoved'));
      void refresh();
    },
    onError: (err) => notify(errorText(err, t('errors.unexpected')), { severity: 'error' }),
  });
  const remove = (v: GarageVehicle) => removal.mutate(v);

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('customerConsole.garageLoginRequired')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('garage.title')}
          </Typography>
          <Typography color="text.secondary" data-testid="garage-count">
            {t('garage.vehicleCount', { count: total })}
          </Typography>
        </div>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setFormOpen(true)}>
            {t('customerConsole.addVehicle')}
          </Button>
          <Button variant="contained" startIcon={<DirectionsCarIcon />} onClick={() => plate.open()}>
            {t('plate.searchByPlate')}
          </Button>
        </Stack>
      </Stack>
      <VehicleFormDialog
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={(_v, created) => {
          setFormOpen(false);
          if (created) void refresh();
        }}
      />
      <Dialog open={card !== null} onClose={() => setCard(null)} fullWidth maxWidth="sm" aria-labelledby="vehicle-card-title">
        <DialogTitle id="vehicle-card-title">{card ? `${t('customerConsole.vehicleCardTitle')} ${card.license_plate}` : ''}</DialogTitle>
        <DialogContent>{card ? <VehicleCard vehicle={card} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setCard(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <TextField
        size="small"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('customerConsole.garageSearch')}
        slotProps={{
          htmlInput: { 'aria-label': t('customerConsole.garageSearch') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {query.isError ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Loading /> : null}
      {vehicles && vehicles.length === 0 && settled.trim() !== '' ? (
        <EmptyState title={t('customerConsole.noGarageMatches')} detail={t('customerConsole.garageNoMatchNext')} />
      ) : null}
      {vehicles && vehicles.length === 0 && settled.trim() === '' ? (
        <EmptyState title={t('garage.empty')} detail={t('customerConsole.garageEmptyNext')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, justifyContent: 'center' }}>
            <Button variant="contained" onClick={() => plate.open()}>
              {t('plate.searchByPlate')}
            </Button>
            <Button variant="outlined" onClick={() => setFormOpen(true)}>
              {t('garage.createVehicle')}
            </Button>
          </Stack>
        </EmptyState>
      ) : null}
      {vehicles && vehicles.length > 0 ? (
        <>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <ViewSwitcher value={mode} onChange={setMode} />
          </Stack>
          <GarageList mode={mode} vehicles={vehicles} onCard={setCard} onRemove={remove} />
        </>
      ) : null}
    </Stack>
  );
}
