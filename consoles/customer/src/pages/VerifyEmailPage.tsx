import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { authRoutes, t } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { callRoute } from '../app/client';
import { useSession } from '../app/session';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';
import { Loading, useToast } from '../app/ui';

/** /users/page/verificar?token=…: the registration link; it creates the account, logs the person in and takes them back. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const notify = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // The link works once: one request, whatever React does with effects.
    if (sent.current) return;
    sent.current = true;
    const token = params.get('token') ?? '';
    callRoute(authRoutes.verifyEmail, { body: { token } })
      .then(async () => {
        await refresh();
        notify(t('auth.accountActivated'));
        const back = readLocal<string | null>(STORAGE_KEYS.returnUrl, null);
        writeLocal(STORAGE_KEYS.returnUrl, null);
        navigate(back && back.startsWith('/') ? back : '/', { replace: true });
      })
      .catch((err: unknown) => setProblem(errorText(err, t('auth.verificationInvalid'))));
  }, [params, refresh, notify, navigate]);

  return (
    <Paper sx={{ maxWidth: 460, mx: 'auto', p: { xs: 2, sm: 4 } }} variant="outlined">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('customerConsole.register')}
      </Typography>
      {problem ? (
        <Stack spacing={2}>
          <Alert severity="error">{problem}</Alert>
          <Button variant="contained" href="/users/page/login?registro">
            {t('customerConsole.register')}
          </Button>
        </Stack>
      ) : (
        <Loading label={t('auth.verifying')} />
      )}
    </Paper>
  );
}
