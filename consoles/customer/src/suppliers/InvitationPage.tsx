import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { invitationRoutes, t } from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { useRouteMutation } from '../app/queries';
import { useSession } from '../app/session';

/**
 * '/users/page/invitacion?token=…': the link of an approved supplier's invitation e-mail. The person chooses a
 * password (twice), the seller account is created with its store and the session starts; the next step is the
 * operator console, where sellers work. A person who already had an account got the store on it at approval
 * (their e-mail links to the login), so a 409 here sends them to log in.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refresh } = useSession();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const accept = useRouteMutation(invitationRoutes.accept, (body: { token: string; password: string }) => ({ body }), {
    onSuccess: () => void refresh(),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const differ = password !== repeat;
    setMismatch(differ);
    if (!differ) accept.mutate({ token, password });
  };
  const conflict = accept.error instanceof ApiError && accept.error.status === 409;
  const details =
    accept.error instanceof ApiError && Array.isArray(accept.error.details)
      ? (accept.error.details as { path?: string; message: string }[])
      : [];
  const passwordProblem = details.find((d) => d.path === 'password')?.message;

  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('joinSuppliers.invitationTitle')}
      </Typography>
      {accept.isSuccess ? (
        <Stack spacing={2} data-testid="invitation-accepted">
          <Alert severity="success">{t('joinSuppliers.accountReady')}</Alert>
          <Typography>{accept.data.data.user.name}</Typography>
          <Button variant="contained" href="/admin/">
            {t('joinSuppliers.goToConsole')}
          </Button>
        </Stack>
      ) : !token ? (
        <Alert severity="error">{t('joinSuppliers.missingToken')}</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('joinSuppliers.invitationIntro')}</Typography>
            {conflict ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" href="/users/page/login">
                    {t('joinSuppliers.login')}
                  </Button>
                }
              >
                {t('joinSuppliers.alreadyRegisteredNext')}
              </Alert>
            ) : accept.isError && !passwordProblem ? (
              <Alert severity="error">{errorText(accept.error, t('suppliers.invitationInvalid'))}</Alert>
            ) : null}
            <TextField
              label={t('joinSuppliers.password')}
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(passwordProblem)}
              helperText={passwordProblem ?? t('joinSuppliers.passwordHint')}
            />
            <TextField
              label={t('joinSuppliers.passwordRepeat')}
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              error={mismatch}
              helperText={mismatch ? t('joinSuppliers.passwordsDiffer') : undefined}
            />
            <Button type="submit" variant="contained" size="large" disabled={accept.isPending || !password}>
              {t('joinSuppliers.createAccount')}
            </Button>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
