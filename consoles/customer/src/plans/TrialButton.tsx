import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Stack } from '@mui/material';
import { plansRoutes, t } from '@tuerca/contracts';
import { ApiError } from '../app/api';
import { usePrompts, type PlanKind } from '../app/prompts';
import { useRouteMutation } from '../app/queries';
import { useSession } from '../app/session';
import { useToast } from '../app/ui';

/**
 * 000 §6/§7: a logged-in person may request a trial consultation (POST requestTrialConsultation with the
 * transaction type); a guest is asked to log in first. Once granted, every answer that said 'exhausted' is
 * asked again, so the screen behind opens by itself.
 */
export function TrialButton({ kind, variant = 'outlined' }: { kind: PlanKind; variant?: 'outlined' | 'contained' | 'text' }) {
  const { isGuest } = useSession();
  const { openLogin } = usePrompts();
  const notify = useToast();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const trial = useRouteMutation(plansRoutes.requestTrial, (_: void) => ({ body: { transactionType: kind } }), {
    onSuccess: (res) => {
      setProblem(null);
      notify(res.data.message, { detail: res.data.detail });
      void client.invalidateQueries();
    },
    onError: (err) =>
      setProblem(err instanceof ApiError && err.status === 409 && err.errors.length > 0 ? err.errors.join(' ') : t('plans.trialFailed')),
  });
  const used = trial.error instanceof ApiError && trial.error.status === 409;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {used ? null : (
        <Button
          variant={variant}
          disabled={trial.isPending || trial.isSuccess}
          onClick={() => (isGuest ? openLogin({ closable: true, message: t('session.loginToRequestTrial') }) : trial.mutate(undefined))}
          data-testid="request-trial"
        >
          {t('plans.requestTrial')}
        </Button>
      )}
      {problem ? (
        <Alert severity={used ? 'info' : 'error'} role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
