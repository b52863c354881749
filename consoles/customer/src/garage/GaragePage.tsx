import { useCallback, useEffect, useState } from 'react';
import {
  Button,
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
import { t } from '@tuerca/contracts';
import { api, errorText } from '../app/api';
import { useSession } from '../app/session';
import { usePrompts } from '../app/prompts';
import { EmptyState, Loading, useToast } from '../app/ui';
import { usePlatePanel } from '../plate/PlatePanelProvider';
import { VehicleFormDialog } from './VehicleFormDialog';

interface GarageVehicle {
  id: string;
  license_plate: string;
  brand: string;
  model: string;
  year: number | null;
  VIN: string | null;
  source: 'manual' | 'plate-lookup';
  hasCatalog: boolean | null;
}

/** Garage page (001 §2): the person's vehicles, searchable by vehicle, plate and VIN (page size 100). */
export function GaragePage() {
  const { isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const plate = usePlatePanel();
  const notify = useToast();
  const [search, setSearch] = useState('');
  const [vehicles, setVehicles] = useState<GarageVehicle[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [formOpen, setFormOpen] = useState(false);

  const load = useCallback(() => {
    if (isGuest) return;
    api
      .get<GarageVehicle[], { total?: number }>('/garage/vehicle/', {
        filter: JSON.stringify({ searchInColumns: search }),
        page: 0,
        pageSize: 100,
      })
      .then((r) => {
        setVehicles(r.data);
        setTotal(r.metadata.total ?? r.data.length);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [isGuest, search]);

  useEffect(() => {
    const timer = setTimeout(load, 250);
    return () => clearTimeout(timer);
  }, [load]);

  const remove = async (v: GarageVehicle) => {
    try {
      await api.del(`/garage/vehicle/${v.id}`);
      notify(t('garage.vehicleRemoved'));
      load();
    } catch (err) {
      notify(errorText(err, t('errors.unexpected')), { severity: 'error' });
    }
  };

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('customerConsole.garageLoginRequired')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true, onLoggedIn: load })}>
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
          if (created) load();
        }}
      />
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
      {failed ? <EmptyState /> : null}
      {!vehicles && !failed ? <Loading /> : null}
      {vehicles && vehicles.length === 0 ? (
        <EmptyState title={t('garage.empty')}>
          <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setFormOpen(true)}>
            {t('garage.createVehicle')}
          </Button>
        </EmptyState>
      ) : null}
      {vehicles && vehicles.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
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
                    {v.brand} {v.model} {v.year ?? ''}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>{v.VIN ?? '—'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {v.source === 'plate-lookup' ? t('customerConsole.sourcePlate') : t('customerConsole.sourceManual')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {v.VIN && v.hasCatalog !== false ? (
                      <Tooltip title={t('vehicleCard.viewPartsInCatalog')}>
                        <IconButton
                          href={`/catalogo/catalog/v2/search/${v.VIN}`}
                          aria-label={`${t('vehicleCard.viewPartsInCatalog')} ${v.license_plate}`}
                        >
                          <MenuBookIcon />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    <Tooltip title={t('customerConsole.deleteVehicle')}>
                      <IconButton onClick={() => remove(v)} aria-label={`${t('customerConsole.deleteVehicle')} ${v.license_plate}`}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Stack>
  );
}
