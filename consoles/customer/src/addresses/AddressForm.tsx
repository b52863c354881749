import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Autocomplete, Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import {
  CO_DIVIPOLA,
  MX_STATES,
  addressInputSchema,
  t,
  toAddressInput,
  type Address,
  type AddressCountry,
  type AddressInputRequest,
} from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { useSaveAddress } from './useAddresses';

interface FormState {
  country: AddressCountry;
  label: string;
  receiverName: string;
  phone: string;
  departmentCode: string;
  municipalityCode: string;
  stateCode: string;
  municipality: string;
  neighborhood: string;
  postalCode: string;
  addressLine: string;
  notes: string;
  isDefault: boolean;
}

function initialState(address: Address | undefined, defaults: { country: AddressCountry; receiverName: string; phone: string }): FormState {
  const empty: FormState = {
    country: defaults.country,
    label: '',
    receiverName: defaults.receiverName,
    phone: defaults.phone,
    departmentCode: '',
    municipalityCode: '',
    stateCode: '',
    municipality: '',
    neighborhood: '',
    postalCode: '',
    addressLine: '',
    notes: '',
    isDefault: false,
  };
  if (!address) return empty;
  const input = toAddressInput(address) as Record<string, unknown>;
  const filled = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v ?? '']));
  return { ...empty, ...filled, isDefault: address.isDefault } as FormState;
}

/** The body the contract takes for the chosen country (empty optional fields left out). */
function toBody(f: FormState): AddressInputRequest {
  const common = {
    label: f.label || null,
    receiverName: f.receiverName,
    phone: f.phone,
    addressLine: f.addressLine,
    notes: f.notes || null,
    isDefault: f.isDefault,
  };
  return f.country === 'CO'
    ? {
        ...common,
        country: 'CO',
        departmentCode: f.departmentCode,
        municipalityCode: f.municipalityCode,
        neighborhood: f.neighborhood || null,
        postalCode: f.postalCode || null,
      }
    : {
        ...common,
        country: 'MX',
        stateCode: f.stateCode,
        municipality: f.municipality,
        neighborhood: f.neighborhood,
        postalCode: f.postalCode,
      };
}

function fieldErrors(issues: { path: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) if (!out[i.path || 'form']) out[i.path || 'form'] = i.message;
  return out;
}

/**
 * A shipping address, as a person fills it in: Colombia with its departments and municipalities (DANE),
 * México with its states, municipality, colonia and postal code. Checked with the same contract the server
 * applies; the server's field errors land on their fields.
 */
export function AddressForm({
  address,
  defaults,
  onSaved,
  onCancel,
}: {
  address?: Address;
  defaults: { country: AddressCountry; receiverName: string; phone: string };
  onSaved(address: Address): void;
  onCancel?(): void;
}) {
  const [form, setForm] = useState<FormState>(() => initialState(address, defaults));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { save, pending } = useSaveAddress(onSaved);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const department = CO_DIVIPOLA.find((d) => d.code === form.departmentCode) ?? null;
  const municipalities = useMemo(() => department?.municipalities.map(([code, name]) => ({ code, name })) ?? [], [department]);
  const municipality = municipalities.find((m) => m.code === form.municipalityCode) ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(form);
    const parsed = addressInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message }))));
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      await save(body, address?.id);
    } catch (err) {
      const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { path: string; message: string }[]) : [];
      if (details.length > 0) setErrors(fieldErrors(details));
      else setProblem(errorText(err, t('errors.unexpected')));
    }
  };

  const text = (
    key: keyof FormState,
    label: string,
    extra: { helper?: string; required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
    <TextField
      label={label}
      name={key}
      value={form[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? extra.helper}
      required={extra.required}
      type={extra.type}
      autoComplete={extra.autoComplete}
      fullWidth
    />
  );

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={address ? t('addresses.edit') : t('addresses.add')}>
      <Stack spacing={2}>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <TextField
          select
          label={t('addresses.country')}
          value={form.country}
          onChange={(e) => set('country', e.target.value as AddressCountry)}
          fullWidth
        >
          <MenuItem value="CO">{t('common.colombia')}</MenuItem>
          <MenuItem value="MX">{t('common.mexico')}</MenuItem>
        </TextField>
        {text('receiverName', t('addresses.receiverName'), { required: true, autoComplete: 'name' })}
        {text('phone', t('addresses.phone'), { required: true, type: 'tel', autoComplete: 'tel', helper: t('addresses.phoneHint') })}
        {form.country === 'CO' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Autocomplete
              fullWidth
              options={CO_DIVIPOLA}
              getOptionLabel={(d) => d.name}
              value={department}
              onChange={(_e, d) => setForm((f) => ({ ...f, departmentCode: d?.code ?? '', municipalityCode: '' }))}
              noOptionsText={t('addresses.noOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('addresses.department')}
                  name="departmentCode"
                  required
                  error={Boolean(errors.departmentCode)}
                  helperText={errors.departmentCode}
                />
              )}
            />
            <Autocomplete
              fullWidth
              options={municipalities}
              getOptionLabel={(m) => m.name}
              isOptionEqualToValue={(a, b) => a.code === b.code}
              value={municipality}
              disabled={!department}
              onChange={(_e, m) => set('municipalityCode', m?.code ?? '')}
              noOptionsText={t('addresses.noOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('addresses.municipality')}
                  name="municipalityCode"
                  required
                  error={Boolean(errors.municipalityCode)}
                  helperText={errors.municipalityCode}
                />
              )}
            />
          </Stack>
        ) : (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('addresses.state')}
                name="stateCode"
                value={form.stateCode}
                onChange={(e) => set('stateCode', e.target.value)}
                error={Boolean(errors.stateCode)}
                helperText={errors.stateCode}
                required
                fullWidth
              >
                {MX_STATES.map((s) => (
                  <MenuItem key={s.code} value={s.code}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
              {text('postalCode', t('addresses.postalCode'), { required: true, autoComplete: 'postal-code' })}
            </Stack>
            {text('municipality', t('addresses.mxMunicipality'), { required: true, autoComplete: 'address-level2' })}
          </>
        )}
        {text('addressLine', t('addresses.addressLine'), {
          required: true,
          autoComplete: 'street-address',
          helper: t('addresses.addressLineHint'),
        })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {form.country === 'CO'
            ? text('neighborhood', t('addresses.neighborhood'))
            : text('neighborhood', t('addresses.colonia'), { required: true })}
          {form.country === 'CO' ? text('postalCode', t('addresses.postalCode'), { autoComplete: 'postal-code' }) : null}
        </Stack>
        {text('notes', t('addresses.notes'))}
        {text('label', t('addresses.label'), { helper: t('addresses.labelHint') })}
        <FormControlLabel
          control={<Checkbox checked={form.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />}
          label={t('addresses.isDefault')}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel ? <Button onClick={onCancel}>{t('addresses.cancel')}</Button> : null}
          <Button type="submit" variant="contained" disabled={pending}>
            {t('addresses.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
