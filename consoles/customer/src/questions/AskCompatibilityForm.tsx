import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { t, type ProductView } from '@tuerca/contracts';
import { errorText, isLoginRequired } from '../app/api';
import { usePrompts } from '../app/prompts';
import { useSession } from '../app/session';
import { useToast } from '../app/ui';
import { vehicleTitle } from '../app/format';
import { useDebounced } from '../app/useDebounced';
import { sendQuestion, useAskQuestion, useGarageVehicles, useVerdict, type AskedVehicle } from './useQuestions';
import { VerdictBox } from './VerdictBox';

type Source = 'garage' | 'typed';

/**
 * '¿Le sirve a mi vehículo?': the vehicle from the person's garage or typed (brand, model, year), the verdict for
 * it (Sí / Probable / No / Necesito tu VIN, with its evidence) and the question to the seller one click away.
 * spec 000 §5: the question needs a non-empty vehicle; §6: a guest cannot ask without logging in — §4: the
 * guest's question is kept and sent after the login, and discarded if the login modal closes.
 */
export function AskCompatibilityForm({ product, onSent }: { product: ProductView; onSent?(): void }) {
  const { isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const notify = useToast();
  const garage = useGarageVehicles(ready && !isGuest);
  const garageVehicles = useMemo(() => garage.data?.data ?? [], [garage.data]);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  // The garage's vehicle first when there is one; typing otherwise.
  const [source, setSource] = useState<Source | null>(null);
  const [garageId, setGarageId] = useState('');
  const [typed, setTyped] = useState({ brand: '', model: '', year: '' });
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useAskQuestion();

  const effectiveSource: Source = garageVehicles.length > 0 ? (source ?? 'garage') : 'typed';
  const vehicle: AskedVehicle | null = useMemo(() => {
    if (effectiveSource === 'garage') {
      const v = garageVehicles.find((g) => g.id === garageId);
      return v ? { brand: v.brand, model: v.model, year: v.year, vin: v.VIN || v.vin || null } : null;
    }
    const brand = typed.brand.trim();
    const model = typed.model.trim();
    const year = /^\d{4}$/.test(typed.year.trim()) ? Number(typed.year.trim()) : null;
    return brand && model ? { brand, model, year, vin: null } : null;
  }, [effectiveSource, garageVehicles, garageId, typed]);
  // The verdict follows the typing, settled for a moment (the key is the vehicle's values, not the object).
  const askedKey = useDebounced(vehicle ? JSON.stringify(vehicle) : '', 400);
  const asked = useMemo(() => (askedKey ? (JSON.parse(askedKey) as AskedVehicle) : null), [askedKey]);
  const verdict = useVerdict(product.id, asked);

  const body = () => ({
    product_id: product.id,
    product_reference: product.referencia_1 ?? undefined,
    product_description: product.title,
    vehicle: vehicle!,
    ...(comment.trim() ? { comment: comment.trim() } : {}),
  });
  const sent = (message?: string, detail?: string) => {
    notify(message ?? t('compatibility.questionSent'), { detail: detail ?? t('compatibility.questionSentDetail') });
    setComment('');
    onSent?.();
  };
  const submit = () => {
    setProblem(null);
    if (!vehicle) return setProblem(t('compatibility.vehicleRequired'));
    const question = body();
    if (isGuest) {
      // The question waits for the login; closing the modal drops it.
      openLogin({
        closable: true,
        message: t('session.loginToAsk'),
        onLoggedIn: () => {
          sendQuestion(question).then(
            (res) => sent(res.metadata.message, res.metadata.detail),
            (err: unknown) => setProblem(errorText(err, t('quotation.requestFailed'))),
          );
        },
      });
      return;
    }
    ask.mutate(question, {
      onSuccess: (res) => sent(res.metadata.message, res.metadata.detail),
      onError: (err) => {
        if (isLoginRequired(err)) return;
        // spec 000 §8 "Question failure: Server's error list shown".
        setProblem(errorText(err, t('quotation.requestFailed')));
      },
    });
  };

  return (
    <Stack spacing={1.5} component="form" aria-label={t('questions.formTitle')} onSubmit={(e) => (e.preventDefault(), submit())}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('questions.formTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('compatibility.requestTitle')}
      </Typography>
      {garageVehicles.length > 0 ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={effectiveSource}
          onChange={(_e, v: Source | null) => v && setSource(v)}
          orientation={phone ? 'vertical' : 'horizontal'}
          fullWidth={phone}
        >
          <ToggleButton value="garage">{t('questions.garageVehicle')}</ToggleButton>
          <ToggleButton value="typed">{t('questions.typedVehicle')}</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      {effectiveSource === 'garage' ? (
        <TextField select size="small" label={t('questions.chooseVehicle')} value={garageId} onChange={(e) => setGarageId(e.target.value)}>
          {garageVehicles.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {`${vehicleTitle(v.brand, v.model)} ${v.year}${v.license_plate ? ` · ${v.license_plate}` : ''}`}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={t('compatibility.brand')}
            value={typed.brand}
            onChange={(e) => setTyped({ ...typed, brand: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            size="small"
            label={t('compatibility.model')}
            value={typed.model}
            onChange={(e) => setTyped({ ...typed, model: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            size="small"
            label={t('compatibility.year')}
            value={typed.year}
            onChange={(e) => setTyped({ ...typed, year: e.target.value.replace(/\D/g, '').slice(0, 4) })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: { sm: 100 } }}
          />
        </Stack>
      )}
      {asked && verdict.data ? <VerdictBox verdict={verdict.data.data} /> : null}
      <TextField
        size="small"
        label={t('questions.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        minRows={1}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Button type="submit" variant="contained" disabled={ask.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('questions.askSeller')}
      </Button>
    </Stack>
  );
}
