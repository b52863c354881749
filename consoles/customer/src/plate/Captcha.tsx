import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUserOutlined';
import { t } from '@tuerca/contracts';
import type { PowState } from './useProofOfWork';

/**
 * The plate lookup's human check as the person sees it: working on its own while the plate is typed, done
 * with a check mark, or failed with a way to try again. The work itself is useProofOfWork's.
 */
export function Captcha({ state, onRetry }: { state: PowState; onRetry(): void }) {
  if (state.status === 'idle') return null;
  if (state.status === 'failed')
    return (
      <Alert
        severity="warning"
        data-testid="captcha"
        data-state="failed"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('customerConsole.tryAgain')}
          </Button>
        }
      >
        {t('customerConsole.captchaFailed')}
      </Alert>
    );
  const solved = state.status === 'solved';
  return (
    <Box data-testid="captcha" data-state={state.status} aria-live="polite">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 24 }}>
        {solved ? <VerifiedUserIcon color="success" fontSize="small" aria-hidden /> : null}
        <Typography variant="body2" color={solved ? 'success.main' : 'text.secondary'}>
          {solved ? t('customerConsole.captchaVerified') : t('customerConsole.captchaWorking')}
        </Typography>
      </Stack>
      <Box sx={{ height: 4, mt: 0.5 }}>{solved ? null : <LinearProgress aria-label={t('customerConsole.captchaWorking')} />}</Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('customerConsole.captchaHelp')}
      </Typography>
    </Box>
  );
}
