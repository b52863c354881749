import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { checkPlate, t } from '@tuerca/contracts';
import { api, ApiError, isExhausted, isLoginRequired } from '../app/api';
import { useSession } from '../app/session';
import { usePrompts } from '../app/prompts';
import { apiKey, rememberReturnUrl, useApiMutation, useApiQuery } from '../app/queries';
import { setPendingPlate } from './pendingPlate';
import { Loading, useToast } from '../app/ui';
import { TrialButton } from '../plans/TrialButton';
import { Captcha } from './Captcha';
import { PlateDisplay } from './PlateDisplay';
import { useProofOfWork } from './useProofOfWork';
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
  | { kind: 'guestOut' }
  | { kind: 'exhausted' };

const BALANCE_PATH = '/garage/vehicle/getConsultationsByPlateAvailable';

/**
 * Plate search panel (001 §2, §4, §8). The human check works from the 5th character on; 'Buscar' waits for
 * it. A person with no plate consultations left is offered the trial consultation and the plans, never a
 * dead end.
 */
export function PlatePanel({ initialPlate, autoSearch = false, onClose }: { initialPlate: string; autoSearch?: boolean; onClose(): void }) {
  const { user, isGuest } = useSession();
  const { openLogin, openPlans } = usePrompts();
  const notify = useToast();
  const client = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [country, setCountry] = useState<'CO' | 'MX'>(user.country ?? 'CO');
  const [plate, setPlate] = useState(initialPlate.toUpperCase().replace(/[\W_]/g, '').slice(0, 7));
  const [round, setRound] = useState(0);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const balance = useApiQuery<{ consultationsByPlateAvailable: number }>(BALANCE_PATH, undefined, { staleTime: 0 });
  const available = balance.data?.data.consultationsByPlateAvailable ?? null;

  const maxLength = country === 'MX' ? 7 : 6;
  // 001 §2: "A captcha shows when the plate has 5 or more characters and differs from the current vehicle."
  const needsCheck = plate.length >= CAPTCHA_FROM_CHARS && plate !== current;
  // After login, a plate the guest left pending is looked up as soon as its human check is solved (001 §4).
  const pow = useProofOfWork(needsCheck, round, (payload) => {
    if (autoSearch && outcome === null && !lookup.isPending) search(undefined, payload);
  });
  const solved = pow.status === 'solved' ? pow.payload : null;

  const lookup = useApiMutation(
    (v: { plate: string; captcha: string }) =>
      api.get<PlateVehicle | null, PlateMeta>('/garage/vehicle/getVehicleForLicensePlatePremium', {
        licensePlate: v.plate,
        reCaptcha: v.captcha,
        allowFreeSearches: 0,
        country,
      }),
    {
      metering: { silent: true },
      onMutate: () => {
        setProblem(null);
        setOutcome(null);
      },
      onSuccess: (res, v) => {
        if (!res.data) setOutcome({ kind: 'notFound', plate: v.plate });
        else {
          setOutcome({ kind: 'found', vehicle: res.data, meta: res.metadata });
          setCurrent(v.plate);
          if (res.metadata.savedToGarage) notify(res.metadata.message ?? t('garage.vehicleCreated'));
        }
        void client.invalidateQueries({ queryKey: apiKey(BALANCE_PATH) });
      },
      onError: (err, v) => {
        if (isLoginRequired(err)) {
          // 403 'Login required': the plate is saved and the login modal shows; the search resumes after login.
          setPendingPlate(v.plate);
          rememberReturnUrl();
          setOutcome({ kind: 'guestOut' });
          openLogin({ closable: true, message: t('plate.guestOutOfQueries') });
        } else if (isExhausted(err)) {
          setOutcome(isGuest ? { kind: 'guestOut' } : { kind: 'exhausted' });
          // 001 §8: "401 'Exhausted license plate inquiries': plans modal" (the panel keeps the trial offer).
          if (!isGuest) openPlans('plate_consultations', true);
          void client.invalidateQueries({ queryKey: apiKey(BALANCE_PATH) });
        } else if (err instanceof ApiError && err.status === 404) setOutcome({ kind: 'notFound', plate: v.plate });
        else if (err instanceof ApiError && err.status === 503) setOutcome({ kind: 'outage' });
        else if (err instanceof ApiError && err.code.startsWith('Captcha')) setProblem([t('plate.captchaRequired')]);
        else setOutcome({ kind: 'error', messages: err instanceof ApiError ? err.errors : [] });
      },
      // A solved challenge is accepted once: whatever the answer, the next search gets a fresh one.
      onSettled: () => setRound((r) => r + 1),
    },
  );

  function search(e?: FormEvent, captcha: string | null = solved) {
    e?.preventDefault();
    const check = checkPlate(plate, country);
    if (!check.ok) return setProblem(check.messages);
    if (check.plate === current) return;
    if (!captcha) return setProblem([t('plate.captchaRequired')]);
    lookup.mutate({ plate: check.plate, captcha });
  }

  const vehicle = outcome?.kind === 'found' ? outcome.vehicle : null;
  const saved = outcome?.kind === 'found' && (outcome.meta.savedToGarage || outcome.meta.relatedVehicle);

  const save = useApiMutation((v: PlateVehicle) => api.post('/garage/vehicle/', { ...v, country: v.country ?? country }), {
    onSuccess: (_res, v) => {
      notify(t('garage.vehicleCreated'));
      setOutcome({ kind: 'found', vehicle: v, meta: { ...(outcome as { meta: PlateMeta }).meta, savedToGarage: true } });
    },
    onError: (err) => setProblem(err instanceof ApiError && err.errors.length ? err.errors : [t('errors.unexpected')]),
  });
  const saveToGarage = () => {
    if (!vehicle) return;
    if (isGuest) return openLogin({ closable: true });
    save.mutate(vehicle);
  };

  const noQueriesLeft = !isGuest && (available === 0 || outcome?.kind === 'exhausted');
  const busy = lookup.isPending;

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby="plate-title" data-testid="plate-panel">
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
                label={`${t('plate.availableQueries')}: ${available ?? '…'}`}
                data-testid="plate-available"
              />
              {!isGuest && available !== null && available < RECHARGE_BELOW ? (
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
                  autoComplete: 'off',
                  'data-testid': 'plate-input',
                  style: { letterSpacing: 3, fontWeight: 700 },
                },
              }}
              // The panel opens to type a plate: the field is what it is for.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
            />
            <Button
              type="submit"
              variant="contained"
              // Waits for the human check of a valid plate; with a wrong plate it stays pressable to say what is wrong.
              disabled={busy || (needsCheck && !solved && checkPlate(plate, country).ok)}
              sx={{ height: 40, whiteSpace: 'nowrap' }}
              data-testid="plate-search"
            >
              {t('common.search')}
            </Button>
          </Stack>
          <Captcha state={pow} onRetry={() => setRound((r) => r + 1)} />
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
                <Button variant="outlined" onClick={saveToGarage} disabled={save.isPending}>
                  {t('plate.save')}
                </Button>
              )}
            </VehicleCard>
          ) : null}
          {!busy && !vehicle && noQueriesLeft ? (
            <Alert severity="warning" data-testid="plate-exhausted" icon={false}>
              <Typography sx={{ fontWeight: 700 }}>{t('plans.exhaustedPlate')}</Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('customerConsole.exhaustedNext')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="contained" onClick={() => openPlans('plate_consultations', true)}>
                  {t('plate.seePlans')}
                </Button>
                <TrialButton kind="plate_consultations" />
              </Stack>
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
