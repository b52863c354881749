import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { plansRoutes, suppliersRoutes, t, type SupplierApplicationRequest } from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { useRouteMutation, useRouteQuery } from '../app/queries';

type Form = Omit<SupplierApplicationRequest, 'country'> & { country: 'CO' | 'MX' };

const EMPTY: Form = { country: 'CO', company: '', tax_id: '', city: '', contact_name: '', email: '', whatsapp: '', sells: '' };

const FIELDS: {
  name: Exclude<keyof Form, 'country'>;
  label: (f: Form) => string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'email';
}[] = [
  { name: 'company', label: () => t('joinSuppliers.company'), autoComplete: 'organization' },
  { name: 'tax_id', label: (f) => (f.country === 'CO' ? t('joinSuppliers.nit') : t('joinSuppliers.rfc')) },
  { name: 'city', label: () => t('joinSuppliers.city'), autoComplete: 'address-level2' },
  { name: 'contact_name', label: () => t('joinSuppliers.contactName'), autoComplete: 'name' },
  { name: 'email', label: () => t('joinSuppliers.email'), type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'whatsapp', label: () => t('joinSuppliers.whatsapp'), type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/** The store plans (billing's active plans with storePlans=1), as cards; none yet is a sentence, not an error. */
function StorePlans() {
  const query = useRouteQuery(plansRoutes.active, { query: { storePlans: '1' } });
  const plans = query.data?.data.plans ?? [];
  if (query.isPending) return null;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="store-plans-title">
      <Typography id="store-plans-title" variant="h6" component="h2">
        {t('joinSuppliers.plansTitle')}
      </Typography>
      {plans.length === 0 ? (
        <Typography color="text.secondary">{t('joinSuppliers.noStorePlans')}</Typography>
      ) : (
        <Grid container spacing={2}>
          {plans.map((p) => (
            <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }} data-testid="store-plan">
                <CardContent>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {p.title}
                  </Typography>
                  <Typography variant="h6" color="primary">
                    {p.price_label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.description}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

/**
 * '/info/proveedores-autopartes' ("Join as supplier") and '/info/quiero-vender' ("Join as provider"), spec 000 §2:
 * what selling on Tuerca is, the store plans, and the application (company, NIT with its check digit or RFC,
 * city, contact, e-mail, WhatsApp, what they sell). The server checks everything again; its field errors are
 * shown on the fields. One column on a phone, the form beside the explanation on a desktop.
 */
export function JoinSupplierPage() {
  const { pathname } = useLocation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const apply = useRouteMutation(suppliersRoutes.apply, (body: Form) => ({ body }), {
    onMutate: () => {
      setProblem(null);
      setFieldErrors({});
    },
    onSuccess: (_res, body) => setSentTo(body.email.trim().toLowerCase()),
    onError: (err) => {
      const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { path?: string; message: string }[]) : [];
      setFieldErrors(Object.fromEntries(details.filter((d) => d.path).map((d) => [d.path!, d.message])));
      setProblem(errorText(err, t('quotation.requestFailed')));
    },
  });
  // A field's error goes when the person edits it (the server checks again on the next send).
  const set = (name: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setFieldErrors(({ [name]: _, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply.mutate(form);
  };
  const title = pathname.startsWith('/info/quiero-vender') ? t('joinSuppliers.sellTitle') : t('joinSuppliers.suppliersTitle');

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 26, md: 34 } }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{t('joinSuppliers.intro')}</Typography>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {[t('joinSuppliers.benefitSearch'), t('joinSuppliers.benefitQuotes'), t('joinSuppliers.benefitImports')].map((b) => (
                <Stack component="li" key={b} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <CheckCircleIcon color="success" fontSize="small" sx={{ mt: 0.3 }} aria-hidden />
                  <Typography>{b}</Typography>
                </Stack>
              ))}
            </Stack>
            <StorePlans />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {sentTo ? (
              <Stack spacing={2} data-testid="supplier-application-sent">
                <Alert severity="success">
                  <strong>{t('joinSuppliers.requestSent')}</strong> — {t('suppliers.received')}
                </Alert>
                <Typography>{t('joinSuppliers.sentNext', { email: sentTo })}</Typography>
                <Button
                  variant="outlined"
                  onClick={() => {
                    setForm(EMPTY);
                    setSentTo(null);
                    apply.reset();
                  }}
                >
                  {t('joinSuppliers.sendAnother')}
                </Button>
              </Stack>
            ) : (
              <Box component="form" noValidate onSubmit={submit} aria-labelledby="supplier-form-title">
                <Stack spacing={2}>
                  <Typography id="supplier-form-title" variant="h6" component="h2">
                    {t('joinSuppliers.formTitle')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('joinSuppliers.formHint')}
                  </Typography>
                  {problem ? <Alert severity="error">{problem}</Alert> : null}
                  <TextField
                    select
                    label={t('joinSuppliers.country')}
                    value={form.country}
                    onChange={(e) => set('country', e.target.value)}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="CO">Colombia</option>
                    <option value="MX">México</option>
                  </TextField>
                  {FIELDS.map((f) => (
                    <TextField
                      key={f.name}
                      label={f.label(form)}
                      name={f.name}
                      type={f.type ?? 'text'}
                      required
                      value={form[f.name]}
                      onChange={(e) => set(f.name, e.target.value)}
                      error={Boolean(fieldErrors[f.name])}
                      helperText={fieldErrors[f.name]}
                      autoComplete={f.autoComplete}
                      slotProps={{ htmlInput: { inputMode: f.inputMode, maxLength: f.name === 'email' ? 254 : 120 } }}
                    />
                  ))}
                  <TextField
                    label={t('joinSuppliers.sells')}
                    name="sells"
                    required
                    multiline
                    minRows={3}
                    value={form.sells}
                    onChange={(e) => set('sells', e.target.value)}
                    error={Boolean(fieldErrors.sells)}
                    helperText={fieldErrors.sells ?? t('joinSuppliers.sellsHint')}
                    slotProps={{ htmlInput: { maxLength: 500 } }}
                  />
                  <Button type="submit" variant="contained" size="large" disabled={apply.isPending}>
                    {t('joinSuppliers.send')}
                  </Button>
                </Stack>
              </Box>
            )}
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}
