import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import AddIcon from '@mui/icons-material/Add';
import { QUOTE_REQUEST_MAX_PARTS, quoteRequestsRoutes, t, type QuoteRequestRequest } from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { useApiQuery, useRouteMutation } from '../app/queries';
import { readLocal, STORAGE_KEYS } from '../app/storage';
import type { PlateVehicle } from '../plate/VehicleCard';
import { useQuoteCart } from '../catalog/quoteCart';

interface GarageVehicle {
  id: string;
  brand: string;
  model: string;
  year: number;
  license_plate: string;
  VIN?: string | null;
}

interface PartRow {
  key: number;
  name: string;
  reference: string;
  amount: string;
}

let nextKey = 1;
const emptyPart = (): PartRow => ({ key: nextKey++, name: '', reference: '', amount: '1' });

/**
 * The request form of '/home/page/cotizacion' (000 §2 "Quotation form page"; 001 §2: the vehicle card "stores
 * the vehicle locally and goes to the home quotation page", which opens this form with the vehicle). The vehicle
 * comes from the plate lookup's card, the garage, or is typed; the parts from the quote cart of that vehicle
 * (000 §3 quote cart: name, reference, amount, selected) or are typed. The server checks it all again and its
 * field errors show on the fields.
 */
export function QuoteRequestForm({ onSent, onCancel }: { onSent(id: string, message: string): void; onCancel(): void }) {
  const cart = useQuoteCart();
  const stored = useMemo(() => readLocal<PlateVehicle | null>(STORAGE_KEYS.currentVehicle, null), []);
  const garage = useApiQuery<GarageVehicle[]>('/garage/vehicle/', { pageSize: 100 });
  const garageVehicles = garage.data?.data ?? [];
  const [source, setSource] = useState<'garage' | 'typed'>('typed');
  const [garageId, setGarageId] = useState('');
  const [brand, setBrand] = useState(stored?.brand || '');
  const [model, setModel] = useState(stored?.model || '');
  const [year, setYear] = useState(stored?.year ? String(stored.year) : '');
  const [vin, setVin] = useState(stored?.VIN || stored?.vin || '');
  const [city, setCity] = useState(stored?.city ?? '');
  const [comment, setComment] = useState('');
  // The parts of the quote cart of the stored vehicle (its brand and model), when there is one; else one empty row.
  const [parts, setParts] = useState<PartRow[]>(() => {
    // A vehicle from the VIN not-found page carries only its VIN.
    const entry = stored?.brand
      ? cart.find(
          (e) =>
            e.vehicle.brand.toLowerCase() === stored.brand.toLowerCase() &&
            e.vehicle.name.toLowerCase().includes((stored.model ?? '').toLowerCase()),
        )
      : cart.length === 1
        ? cart[0]
        : undefined;
    const fromCart = (entry?.parts ?? []).filter((p) => p.selected);
    return fromCart.length > 0
      ? fromCart.map((p) => ({ key: nextKey++, name: p.name, reference: p.reference, amount: String(p.amount) }))
      : [emptyPart()];
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const send = useRouteMutation(quoteRequestsRoutes.create, (body: QuoteRequestRequest) => ({ body }), {
    onMutate: () => {
      setProblem(null);
      setFieldErrors({});
    },
    onSuccess: (res) => onSent(res.data.id, res.metadata.message),
    onError: (err) => {
      const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { path?: string; message: string }[]) : [];
      setFieldErrors(Object.fromEntries(details.filter((d) => d.path).map((d) => [d.path!, d.message])));
      setProblem(errorText(err, t('quotation.requestFailed')));
    },
  });

  const pickGarage = (id: string) => {
    setGarageId(id);
    const v = garageVehicles.find((g) => g.id === id);
    if (v) {
      setBrand(v.brand);
      setModel(v.model);
      setYear(String(v.year));
      setVin(v.VIN ?? '');
    }
  };
  const setPart = (key: number, change: Partial<PartRow>) => setParts((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate({
      vehicle: {
        brand,
        model,
        year: year ? Number(year) : null,
        vin: vin || undefined,
        garageVehicleId: source === 'garage' && garageId ? garageId : null,
      },
      parts: parts.map((p) => ({ name: p.name, reference: p.reference || undefined, amount: p.amount })),
      city,
      comment: comment || undefined,
    });
  };
  const err = (path: string) => fieldErrors[path];
  /** A field's error goes as soon as the person edits that field (each field is named by its path in the request). */
  const clearFieldError = (e: FormEvent) => {
    const name = (e.target as HTMLInputElement).name;
    if (!name || !fieldErrors[name]) return;
    const { [name]: _, ...rest } = fieldErrors;
    setFieldErrors(rest);
    // The alert above the form repeats the field's refusal: it goes with the last one.
    if (Object.keys(rest).length === 0) setProblem(null);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="quote-request-form-title">
      <Box component="form" noValidate onSubmit={submit} onInput={clearFieldError} data-testid="quote-request-form">
        <Stack spacing={2}>
          <Typography id="quote-request-form-title" variant="h6" component="h2">
            {t('quoteRequests.formTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('quoteRequests.formIntro')}
          </Typography>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('quoteRequests.vehicle')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={source}
            onChange={(_e, v: 'garage' | 'typed' | null) => v && setSource(v)}
            aria-label={t('quoteRequests.vehicle')}
          >
            <ToggleButton value="garage">{t('quoteRequests.fromGarage')}</ToggleButton>
            <ToggleButton value="typed">{t('quoteRequests.typed')}</ToggleButton>
          </ToggleButtonGroup>
          {source === 'garage' ? (
            garageVehicles.length === 0 ? (
              <Typography color="text.secondary">{t('quoteRequests.noGarageVehicles')}</Typography>
            ) : (
              <TextField select label={t('quoteRequests.garageVehicle')} value={garageId} onChange={(e) => pickGarage(e.target.value)}>
                {garageVehicles.map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.brand} {v.model} {v.year} · {v.license_plate}
                  </MenuItem>
                ))}
              </TextField>
            )
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('quoteRequests.brand')}
              required
              value={brand}
              onChange={(e) => setBrand(e.target.value)}
              name="vehicle.brand"
              error={Boolean(err('vehicle.brand'))}
              helperText={err('vehicle.brand')}
              fullWidth
            />
            <TextField
              label={t('quoteRequests.model')}
              required
              value={model}
              onChange={(e) => setModel(e.target.value)}
              name="vehicle.model"
              error={Boolean(err('vehicle.model'))}
              helperText={err('vehicle.model')}
              fullWidth
            />
            <TextField
              label={t('quoteRequests.year')}
              value={year}
              onChange={(e) => setYear(e.target.value.replace(/\D/g, '').slice(0, 4))}
              name="vehicle.year"
              error={Boolean(err('vehicle.year'))}
              helperText={err('vehicle.year')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ minWidth: { sm: 110 } }}
            />
          </Stack>
          <TextField
            label={t('quoteRequests.vin')}
            value={vin}
            onChange={(e) => setVin(e.target.value.toUpperCase().slice(0, 17))}
            name="vehicle.vin"
            error={Boolean(err('vehicle.vin'))}
            helperText={err('vehicle.vin')}
          />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('quoteRequests.parts')}
          </Typography>
          {err('parts') ? <Alert severity="error">{err('parts')}</Alert> : null}
          {parts.map((p, i) => (
            <Stack key={p.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid="quote-request-part">
              <TextField
                label={t('quoteRequests.partName')}
                required
                value={p.name}
                onChange={(e) => setPart(p.key, { name: e.target.value })}
                name={`parts.${i}.name`}
                error={Boolean(err(`parts.${i}.name`))}
                helperText={err(`parts.${i}.name`)}
                sx={{ flex: 2 }}
                slotProps={{ htmlInput: { maxLength: 120 } }}
              />
              <TextField
                label={t('quoteRequests.partReference')}
                value={p.reference}
                onChange={(e) => setPart(p.key, { reference: e.target.value })}
                name={`parts.${i}.reference`}
                error={Boolean(err(`parts.${i}.reference`))}
                helperText={err(`parts.${i}.reference`)}
                sx={{ flex: 2 }}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={t('quoteRequests.amount')}
                  value={p.amount}
                  onChange={(e) => setPart(p.key, { amount: e.target.value.replace(/\D/g, '').slice(0, 3) })}
                  name={`parts.${i}.amount`}
                  error={Boolean(err(`parts.${i}.amount`))}
                  helperText={err(`parts.${i}.amount`)}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ width: 96 }}
                />
                <IconButton
                  aria-label={t('quoteRequests.removePart', { n: i + 1 })}
                  onClick={() => setParts((all) => (all.length > 1 ? all.filter((x) => x.key !== p.key) : [emptyPart()]))}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            </Stack>
          ))}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() => setParts((all) => [...all, emptyPart()])}
              disabled={parts.length >= QUOTE_REQUEST_MAX_PARTS}
            >
              {t('quoteRequests.addPart')}
            </Button>
          </Box>
          <TextField
            label={t('quoteRequests.city')}
            required
            value={city}
            onChange={(e) => setCity(e.target.value)}
            name="city"
            error={Boolean(err('city'))}
            helperText={err('city')}
            autoComplete="address-level2"
          />
          <TextField
            label={t('quoteRequests.comment')}
            multiline
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
              {t('quoteRequests.send')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}
