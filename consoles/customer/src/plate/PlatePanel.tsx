import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { checkPlate, t } from '@tuerca/contracts';
import { api, ApiError, isExhausted, isLoginRequired } from '../app/api';
import { useSession } from '../app/session';
import { usePrompts } from '../app/prompts';
import { STORAGE_KEYS, writeLocal } from '../app/storage';
import { Loading, useToast } from '../app/ui';
import { Captcha } from './Captcha';
import { PlateDisplay } from './PlateDisplay';
import { VehicleCard, type PlateVehicle } from './VehicleCard';

/** 001 §9: captcha from 5 plate characters; 'Recargar' under 5 queries; badge colours. */
export const CAPTCHA_FROM_CHARS = 5;
export const RECHARGE_BELOW = 5;

export function badgeColor(n: number): 'error' | 'secondary' | 'success' {
  if (n <= 3) return 'error';
  if (n > 20) return 'success';
  return 'secondary';
}

interface PlateMeta {
  consultationsByPlateAvailable?: number;
  savedToGarage?: boolean;
  relatedVehicle?: PlateVehicle | null;
  message?: string;
}

type Outcome =
  | { kind: 'found'; vehicle: PlateVehicle; meta: PlateMeta }
  | { kind: 'notFound'; plate: string }
  | { kind: 'outage' }
  | { kind: 'error'; messages: string[] }
  | { kind: 'guestOut' };

/** Plate search panel (001 §2, §4, §8). */
export function PlatePanel({ initialPlate, onClose }: { initialPlate: string; onClose(): void }) {
  const { user, isGuest } = useSession();
  const { openLogin, openPlans } = usePrompts();
  const notify = useToast();
  const [country, setCountry] = useState<'CO' | 'MX'>(user.country ?? 'CO');
  const [plate, setPlate] = useState(initialPlate.toUpperCase().replace(/[\W_]/g, '').slice(0, 7));
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [available, setAvailable] = useState<number | null>(null);

  const maxLength = country === 'MX' ? 7 : 6;
  const refreshBalance = useCallback(() => {
    api
      .get<{ consultationsByPlateAvailable: number }>('/garage/vehicle/getConsultationsByPlateAvailable')
      .then((r) => setAvailable(r.data.consultationsByPlateAvailable))
      .catch(() => setAvailable(null));
  }, []);
  useEffect(refreshBalance, [refreshBalance, isGuest]);

  const resetCaptcha = () => {
    setCaptcha(null);
    setCaptchaKey((k) => k + 1);
  };

  const showCaptcha = plate.length >= CAPTCHA_FROM_CHARS && plate !== current;

  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    const check = checkPlate(plate, country);
    if (!check.ok) return setProblem(check.messages);
    if (check.plate === current) return;
    if (!captcha) return setProblem([t('plate.captchaRequired')]);
    setProblem(null);
    setBusy(true);
    setOutcome(null);
    try {
      const res = await api.get<PlateVehicle | null, PlateMeta>('/garage/vehicle/getVehicleForLicensePlatePremium', {
        licensePlate: check.plate,
        reCaptcha: captcha,
        allowFreeSearches: 0,
        country,
      });
      if (!res.data) {
        setOutcome({ kind: 'notFound', plate: check.plate });
      } else {
        setOutcome({ kind: 'found', vehicle: res.data, meta: res.metadata });
        setCurrent(check.plate);
        if (res.metadata.savedToGarage) notify(res.metadata.message ?? t('garage.vehicleCreated'));
      }
      if (typeof res.metadata.consultationsByPlateAvailable === 'number') setAvailable(res.metadata.consultationsByPlateAvailable);
    } catch (err) {
      if (isLoginRequired(err)) {
        // 403 'Login required': the plate is saved and the login modal shows; the search resumes after login.
        writeLocal(STORAGE_KEYS.pendingPlate, check.plate);
        setOutcome({ kind: 'guestOut' });
        openLogin({ closable: true, message: t('plate.guestOutOfQueries') });
      } else if (isExhausted(err)) {
        if (isGuest) {
          setOutcome({ kind: 'guestOut' });
        } else {
          openPlans('plate_consultations', true);
          setAvailable(0);
        }
      } else if (err instanceof ApiError && err.status === 404) {
        setOutcome({ kind: 'notFound', plate: check.plate });
      } else if (err instanceof ApiError && err.status === 503) {
        setOutcome({ kind: 'outage' });
      } else if (err instanceof ApiError && err.code.startsWith('Captcha')) {
        setProblem([t('plate.captchaRequired')]);
      } else {
        setOutcome({ kind: 'error', messages: err instanceof ApiError ? err.errors : [] });
      }
    } finally {
      setBusy(false);
      resetCaptcha();
    }
  };

  // A plate that came in with the panel (a guest's pending plate after login) waits for the human check only.
  const vehicle = outcome?.kind === 'found' ? outcome.vehicle : null;
  const saved = outcome?.kind === 'found' && (outcome.meta.savedToGarage || outcome.meta.relatedVehicle);

  const saveToGarage = async () => {
    if (!vehicle) return;
    if (isGuest) return openLogin({ closable: true });
    try {
      await api.post('/garage/vehicle/', { ...vehicle, country: vehicle.country ?? country });
      notify(t('garage.vehicleCreated'));
      setOutcome({ kind: 'found', vehicle, meta: { ...(outcome as { meta: PlateMeta }).meta, savedToGarage: true } });
    } catch (err) {
      setProblem(err instanceof ApiError ? err.errors : [t('errors.unexpected')]);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="plate-title" data-testid="plate-panel">
      <DialogTitle id="plate-title" sx={{ pr: 6 }}>
        {t('customerConsole.plateTitle')}
        <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} component="form" onSubmit={search} noValidate>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip
                color={badgeColor(available ?? 0)}
                label={`${t('plate.availableQueries')}: ${available ?? '—'}`}
                data-testid="plate-available"
              />
              {!isGuest && (available ?? 0) < RECHARGE_BELOW ? (
                <Button size="small" variant="outlined" color="secondary" onClick={() => openPlans('plate_consultations')}>
                  {t('plate.recharge')}
                </Button>
              ) : null}
            </Stack>
            {!isGuest ? (
              <Tooltip title={t('plate.notificationSettings')}>
                <IconButton
                  aria-label={t('plate.notificationSettings')}
                  onClick={() => notify(t('plans.notifications'), { severity: 'info' })}
                >
                  <NotificationsIcon />
                </IconButton>
              </Tooltip>
            ) : null}
          </Stack>
          <PlateDisplay plate={plate} country={country} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label={t('customerConsole.plateCountry')}
              value={country}
              onChange={(e) => {
                setCountry(e.target.value as 'CO' | 'MX');
                setPlate((p) => p.slice(0, e.target.value === 'MX' ? 7 : 6));
              }}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="CO">{t('common.colombia')}</MenuItem>
              <MenuItem value="MX">{t('common.mexico')}</MenuItem>
            </TextField>
            <TextField
              size="small"
              fullWidth
              label={t('plate.placeholder')}
              value={plate}
              onChange={(e) => {
                setPlate(e.target.value.toUpperCase().replace(/[\W_]/g, '').slice(0, maxLength));
                setProblem(null);
              }}
              helperText={t('customerConsole.plateHelp')}
              slotProps={{
                htmlInput: {
                  maxLength,
                  autoCapitalize: 'characters',
                  'data-testid': 'plate-input',
                  style: { letterSpacing: 3, fontWeight: 700 },
                },
              }}
              autoFocus
            />
            <Button type="submit" variant="contained" disabled={busy} sx={{ height: 40 }}>
              {t('common.search')}
            </Button>
          </Stack>
          {showCaptcha ? <Captcha resetKey={captchaKey} onChange={setCaptcha} /> : null}
          {problem ? (
            <Alert severity="warning">
              {problem.map((p) => (
                <Box key={p}>{p}</Box>
              ))}
            </Alert>
          ) : null}
          {busy ? <Loading label={t('customerConsole.lookingUp', { plate })} /> : null}
          {outcome?.kind === 'notFound' ? (
            <Alert severity="info">
              <strong>{t('plate.notFound', { plate: outcome.plate })}</strong>
              <Box>{t('plate.notFoundDetail')}</Box>
            </Alert>
          ) : null}
          {outcome?.kind === 'outage' ? (
            <Alert severity="warning">
              <strong>{t('plate.serviceIntermittent')}</strong>
              <Box>{isGuest ? t('plate.serviceIntermittentGuest') : t('plate.serviceIntermittentUser')}</Box>
            </Alert>
          ) : null}
          {outcome?.kind === 'error' ? (
            <Alert severity="error">
              <strong>{t('plate.lookupError')}</strong>
              {outcome.messages.map((m) => (
                <Box key={m}>{m}</Box>
              ))}
            </Alert>
          ) : null}
          {outcome?.kind === 'guestOut' ? (
            <Alert
              severity="info"
              action={
                <Button color="inherit" onClick={() => openLogin({ closable: true, message: t('plate.guestOutOfQueries') })}>
                  {t('plate.enter')}
                </Button>
              }
            >
              {t('vehicleCard.guestNoQueries')} {t('plate.guestOutOfQueries')}
            </Alert>
          ) : null}
          {vehicle ? (
            <VehicleCard vehicle={vehicle}>
              {saved ? (
                <Button component={RouterLink} to="/garaje" onClick={onClose} color="success" variant="outlined" data-testid="go-to-garage">
                  {outcome?.kind === 'found' && outcome.meta.relatedVehicle && !outcome.meta.savedToGarage
                    ? t('customerConsole.vehicleAlreadyInGarage')
                    : t('customerConsole.goToGarage')}
                </Button>
              ) : (
                <Button variant="outlined" onClick={saveToGarage}>
                  {t('plate.save')}
                </Button>
              )}
            </VehicleCard>
          ) : null}
          {!busy && !vehicle && !isGuest && available === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('plans.exhaustedPlate')}{' '}
              <Button size="small" onClick={() => openPlans('plate_consultations', true)}>
                {t('plate.seePlans')}
              </Button>
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
