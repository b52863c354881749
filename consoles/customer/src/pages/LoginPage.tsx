import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Paper, Tab, Tabs, Typography } from '@mui/material';
import { t } from '@tuerca/contracts';
import { LoginForm, RegisterForm } from '../app/AuthForms';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';
import { useToast } from '../app/ui';
import { useSession } from '../app/session';

/** /users/page/login: login and registration; goes back to the remembered return URL. */
export function LoginPage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.has('registro') ? 'register' : 'login');
  const navigate = useNavigate();
  const notify = useToast();
  const { user } = useSession();
  const done = () => {
    const back = readLocal<string | null>(STORAGE_KEYS.returnUrl, null);
    writeLocal(STORAGE_KEYS.returnUrl, null);
    notify(t('customerConsole.welcomeBack', { name: user.name ?? '' }));
    navigate(back && back.startsWith('/') ? back : '/');
  };
  return (
    <Paper sx={{ maxWidth: 460, mx: 'auto', p: { xs: 2, sm: 4 } }} variant="outlined">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {tab === 'login' ? t('customerConsole.login') : t('customerConsole.register')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: string) => setTab(v)} sx={{ mb: 2 }} variant="fullWidth">
        <Tab value="login" label={t('customerConsole.login')} />
        <Tab value="register" label={t('customerConsole.register')} />
      </Tabs>
      {tab === 'login' ? <LoginForm onDone={done} /> : <RegisterForm />}
    </Paper>
  );
}
