import { Button, Paper, Stack, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { t } from '@tuerca/contracts';
import { usePrompts, type PlanKind } from './prompts';
import { loginMessageFor, rememberReturnUrl, type MeteringGate } from './queries';
import { useSession } from './session';
import { TrialButton } from '../plans/TrialButton';

export const EXHAUSTED_TEXT: Record<PlanKind, string> = {
  plate_consultations: t('plans.exhaustedPlate'),
  catalog_consultations: t('plans.exhaustedCatalog'),
  substitutions_consultations: t('plans.exhaustedSubstitutions'),
  general_inquiries: t('plans.exhausted', { consultationType: t('plans.tabs.generalInquiries').toLowerCase() }),
};

/**
 * What a metered screen shows instead of its content (001 §4): at the forced login only the spec's text and
 * 'Ingresar' — nothing of the answer behind it; when the consultations are exhausted, the plans and the
 * trial consultation, never a dead end.
 */
export function MeteringGatePanel({ gate, kind, message }: { gate: Exclude<MeteringGate, null>; kind: PlanKind; message?: string }) {
  const { openLogin, openPlans } = usePrompts();
  const { isGuest } = useSession();
  if (gate === 'login') {
    const text = message ?? loginMessageFor(kind);
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }} data-testid="forced-login">
        <LockOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography sx={{ my: 2 }}>{text}</Typography>
        <Button
          variant="contained"
          onClick={() => {
            rememberReturnUrl();
            openLogin({ closable: false, message: text });
          }}
        >
          {t('common.enter')}
        </Button>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="exhausted">
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        {EXHAUSTED_TEXT[kind]}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {isGuest ? t('customerConsole.exhaustedGuestNext') : t('customerConsole.exhaustedNext')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Button variant="contained" onClick={() => openPlans(kind, true)}>
          {t('plans.seePlans')}
        </Button>
        <TrialButton kind={kind} />
      </Stack>
    </Paper>
  );
}
