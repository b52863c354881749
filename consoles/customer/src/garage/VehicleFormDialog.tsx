import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { t, vehicleInputSchema } from '@tuerca/contracts';
import { api, ApiError, errorText } from '../app/api';
import { useApiMutation, useApiQuery } from '../app/queries';
import { useDebounced } from '../app/useDebounced';
import { vehicleTitle } from '../app/format';
import { Loading, useToast } from '../app/ui';
import { usePlatePanel } from '../plate/PlatePanelProvider';

export interface GarageVehicleRow {
  id: string;
  license_plate: string;
  brand: string;
  model: string;
  year: number | null;
  VIN: string | null;
}

type Section = 'garage' | 'plate' | 'manual';
interface Brand {
  id: string;
  name: string;
}

const EMPTY = { country: 'CO' as 'CO' | 'MX', model: '', year: '', cylinder_capacity: '', license_plate: '', vin: '', complement: '' };

/**
 * The lite vehicle form (001 §2, §5): three collapsible, mutually exclusive sections — choose a vehicle
 * from the garage, create one by plate, or type its data — with Cancelar and Guardar.
 */
/** Mounted only while open, so each opening starts from an empty form and a fresh garage search. */
export function VehicleFormDialog(props: Parameters<typeof VehicleForm>[0]) {
  return props.open ? <VehicleForm {...props} /> : null;
}

function VehicleForm({
  open,
  onClose,
  onSaved,
  showPlateSection = true,
}: {
  open: boolean;
  onClose(): void;
  onSaved(vehicle: GarageVehicleRow, created: boolean): void;
  showPlateSection?: boolean;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useToast();
  const plate = usePlatePanel();
  const [section, setSection] = useState<Section | false>('garage');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<GarageVehicleRow | null>(null);
  const [brandText, setBrandText] = useState('');
  const [brand, setBrand] = useState<Brand | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const settledSearch = useDebounced(search);
  const settledBrand = useDebounced(brandText, 200);
  const countQuery = useApiQuery<number>('/garage/vehicle/countVehicles');
  const count = countQuery.data ? Number(countQuery.data.data) || 0 : null;
  const matchesQuery = useApiQuery<GarageVehicleRow[]>(
    '/garage/vehicle/',
    { filter: JSON.stringify({ searchInColumns: settledSearch }), page: 0, pageSize: 100 },
    { enabled: section === 'garage' },
  );
  const matches = matchesQuery.isError ? [] : (matchesQuery.data?.data ?? null);
  // 001 §7: vehicle brands with filter{name}, pageSize 200.
  const brandsQuery = useApiQuery<Brand[]>(
    '/store/vehicleBrand',
    { filter: JSON.stringify({ name: settledBrand }), pageSize: 200 },
    { enabled: section === 'manual', staleTime: 10 * 60_000 },
  );
  const brands = brandsQuery.data?.data ?? [];

  const creation = useApiMutation((body: object) => api.post<GarageVehicleRow>('/garage/vehicle/', body), {
    onSuccess: (res) => {
      notify(t('garage.vehicleCreated'));
      onSaved(res.data, true);
    },
    onError: (err) => {
      if (err instanceof ApiError && Array.isArray(err.details)) {
        const next: Record<string, string> = {};
        for (const d of err.details as { path?: string; message?: string }[]) if (d.path && d.message) next[d.path] ??= d.message;
        setErrors(next);
      }
      setProblem(errorText(err, t('errors.unexpected')));
    },
  });
  const busy = creation.isPending;

  // Opening one section collapses the others.
  const toggle = (s: Section) => (_e: unknown, expanded: boolean) => {
    setSection(expanded ? s : false);
    setProblem(null);
  };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const save = () => {
    setProblem(null);
    if (section === 'garage') {
      if (!chosen) return setProblem(t('vehicleForm.nothingSelected'));
      onSaved(chosen, false);
      return;
    }
    if (section !== 'manual') return setProblem(t('vehicleForm.nothingSelected'));
    const body = {
      country: form.country,
      brand_id: brand?.id ?? null,
      brand: brand?.name ?? '',
      model: form.model,
      year: form.year,
      cylinder_capacity: form.cylinder_capacity,
      license_plate: form.license_plate,
      vin: form.vin.trim() === '' ? null : form.vin,
      complement: form.complement.trim() === '' ? null : form.complement,
    };
    const parsed = vehicleInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    creation.mutate(parsed.data);
  };

  const field = (key: keyof typeof EMPTY, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={set(key)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      fullWidth
      size="small"
      {...extra}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="vehicle-form-title">
      <DialogTitle id="vehicle-form-title">{t('customerConsole.addVehicle')}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Accordion expanded={section === 'garage'} onChange={toggle('garage')} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="vf-garage" id="vf-garage-header">
            <Typography sx={{ fontWeight: 600 }}>{t('vehicleForm.chooseFromGarage')}</Typography>
          </AccordionSummary>
          <AccordionDetails id="vf-garage">
            <TextField
              size="small"
              fullWidth
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('vehicleForm.garageSearchPlaceholder', { count: count ?? 0 })}
              slotProps={{ htmlInput: { 'aria-label': t('vehicleForm.garageSearchPlaceholder', { count: count ?? 0 }) } }}
            />
            {matches === null ? <Loading /> : null}
            {matches && matches.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('customerConsole.noGarageMatches')}
              </Typography>
            ) : null}
            {matches && matches.length > 0 ? (
              <List dense component="div" sx={{ maxHeight: 220, overflow: 'auto' }} aria-label={t('vehicleForm.chooseFromGarage')}>
                {matches.map((v) => (
                  <ListItemButton key={v.id} selected={chosen?.id === v.id} onClick={() => setChosen(v)}>
                    <ListItemText
                      primary={`${vehicleTitle(v.brand, v.model)} ${v.year ?? ''}`}
                      secondary={`${v.license_plate}${v.VIN ? ` · ${v.VIN}` : ''}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            ) : null}
            {chosen ? (
              <Typography variant="body2" color="success.main">
                {t('customerConsole.chosenVehicle', { vehicle: `${vehicleTitle(chosen.brand, chosen.model)} ${chosen.license_plate}` })}
              </Typography>
            ) : null}
          </AccordionDetails>
        </Accordion>
        {showPlateSection ? (
          <Accordion expanded={section === 'plate'} onChange={toggle('plate')} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="vf-plate" id="vf-plate-header">
              <Typography sx={{ fontWeight: 600 }}>{t('vehicleForm.createByPlate')}</Typography>
            </AccordionSummary>
            <AccordionDetails id="vf-plate">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('customerConsole.plateSearchHelp')}
              </Typography>
              <Button
                variant="outlined"
                onClick={() => {
                  onClose();
                  plate.open();
                }}
              >
                {t('customerConsole.openPlateSearch')}
              </Button>
            </AccordionDetails>
          </Accordion>
        ) : null}
        <Accordion expanded={section === 'manual'} onChange={toggle('manual')} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="vf-manual" id="vf-manual-header">
            <Typography sx={{ fontWeight: 600 }}>{t('vehicleForm.createManually')}</Typography>
          </AccordionSummary>
          <AccordionDetails id="vf-manual">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, pt: 1 }}>
              {field('country', t('customerConsole.vehicleCountry'), {
                select: true,
                children: [
                  <MenuItem key="CO" value="CO">
                    {t('common.colombia')}
                  </MenuItem>,
                  <MenuItem key="MX" value="MX">
                    {t('common.mexico')}
                  </MenuItem>,
                ],
              })}
              <Autocomplete
                options={brands}
                value={brand}
                onChange={(_e, v) => setBrand(v)}
                inputValue={brandText}
                onInputChange={(_e, v) => setBrandText(v)}
                getOptionLabel={(b) => b.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                filterOptions={(x) => x}
                size="small"
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('vehicleForm.brand')}
                    placeholder={t('vehicleForm.brandSearchPlaceholder')}
                    error={Boolean(errors.brand)}
                    helperText={errors.brand}
                  />
                )}
              />
              {field('model', t('vehicleForm.model'))}
              {field('year', t('vehicleForm.year'), { type: 'number', slotProps: { htmlInput: { min: 1901, max: 2155 } } })}
              {field('cylinder_capacity', t('vehicleForm.cylinderCapacity'))}
              {field('license_plate', t('vehicleForm.licensePlate'), { slotProps: { htmlInput: { maxLength: 8 } } })}
              {field('vin', t('vehicleForm.vin'), { slotProps: { htmlInput: { maxLength: 17 } } })}
              {field('complement', t('vehicleForm.observations'), {
                multiline: true,
                minRows: 2,
                slotProps: { htmlInput: { maxLength: 512 } },
              })}
            </Box>
          </AccordionDetails>
        </Accordion>
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={busy}>
            {t('common.save')}
          </Button>
        </Stack>
      </DialogActions>
    </Dialog>
  );
}
