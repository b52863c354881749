import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, FormControl, InputLabel, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import { loginBodySchema, registerBodySchema, t } from '@tuerca/contracts';
import { ApiError, errorText } from './api';
import { useSession } from './session';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

function zodErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success || !result.error) return out;
  for (const i of result.error.issues) {
    const key = String(i.path[0] ?? 'form');
    if (!out[key]) out[key] = i.message;
  }
  return out;
}

export function LoginForm({ onDone, autoFocus = true }: { onDone: () => void; autoFocus?: boolean }) {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = loginBodySchema.safeParse({ email, password });
    setErrors(zodErrors(parsed));
    if (!parsed.success) return;
    setBusy(true);
    setProblem(null);
    try {
      await login(email, password);
      onDone();
    } catch (err) {
      setProblem(err instanceof ApiError && err.status === 401 ? t('auth.invalidCredentials') : errorText(err, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('customerConsole.login')}>
      <Stack spacing={2}>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          // The login form is what its page or modal is for; the field takes the focus where the person would put it.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          required
          fullWidth
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t('customerConsole.login')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Sign-up: the server answers the same whether the e-mail is new or not, and the account is created by the
 * link it e-mails — so the form ends on 'check your e-mail', remembering where the person was.
 */
export function RegisterForm() {
  const { register } = useSession();
  const [form, setForm] = useState({ name: '', email: '', password: '', mobile: '', country: 'CO', role: 'customer' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { ...form, mobile: form.mobile || undefined };
    const parsed = registerBodySchema.safeParse(body);
    setErrors(zodErrors(parsed));
    if (!parsed.success) return;
    setBusy(true);
    setProblem(null);
    try {
      const sent = await register(body);
      // The link may be opened later: where the person was is where they go back to.
      if (!readLocal<string | null>(STORAGE_KEYS.returnUrl, null) && !window.location.pathname.startsWith('/users/page/'))
        writeLocal(STORAGE_KEYS.returnUrl, `${window.location.pathname}${window.location.search}`);
      setSentTo(sent.email);
    } catch (err) {
      const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { path: string; message: string }[]) : [];
      const fields = Object.fromEntries(details.filter((d) => d.path).map((d) => [d.path, d.message]));
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setProblem(errorText(err, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };
  if (sentTo)
    return (
      <Alert severity="success" data-testid="registration-sent" sx={{ overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('auth.verificationSent', { email: sentTo })}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('auth.verificationSentHint')}
        </Typography>
      </Alert>
    );
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('customerConsole.register')}>
      <Stack spacing={2}>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <TextField
          label={t('customerConsole.name')}
          name="name"
          value={form.name}
          onChange={set('name')}
          error={!!errors.name}
          helperText={errors.name}
          required
        />
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={!!errors.email}
          helperText={errors.email}
          required
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={!!errors.password}
          helperText={errors.password ?? t('auth.passwordTooShort')}
          required
        />
        <TextField
          label={t('customerConsole.mobile')}
          name="mobile"
          type="tel"
          autoComplete="tel"
          value={form.mobile}
          onChange={set('mobile')}
          error={!!errors.mobile}
          helperText={errors.mobile}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormControl fullWidth>
            <InputLabel id="reg-country">{t('customerConsole.country')}</InputLabel>
            <Select labelId="reg-country" label={t('customerConsole.country')} value={form.country} onChange={set('country')}>
              <MenuItem value="CO">{t('common.colombia')}</MenuItem>
              <MenuItem value="MX">{t('common.mexico')}</MenuItem>
            </Select>
          </FormControl>
          <FormControl fullWidth>
            <InputLabel id="reg-role">{t('customerConsole.accountType')}</InputLabel>
            <Select labelId="reg-role" label={t('customerConsole.accountType')} value={form.role} onChange={set('role')}>
              <MenuItem value="customer">{t('customerConsole.roleCustomer')}</MenuItem>
              <MenuItem value="workshop">{t('customerConsole.roleWorkshop')}</MenuItem>
              <MenuItem value="seller">{t('customerConsole.roleSeller')}</MenuItem>
            </Select>
          </FormControl>
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t('customerConsole.register')}
        </Button>
      </Stack>
    </Box>
  );
}
