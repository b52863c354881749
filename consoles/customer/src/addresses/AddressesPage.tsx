import { useState } from 'react';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import AddIcon from '@mui/icons-material/Add';
import { formatPhone, t, toAddressInput, type Address } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { useSession } from '../app/session';
import { usePrompts } from '../app/prompts';
import { EmptyState, Loading, useToast } from '../app/ui';
import { AddressForm } from './AddressForm';
import { useAddresses, useRemoveAddress, useSaveAddress } from './useAddresses';

/** The lines of an address as a courier reads them. */
export function AddressLines({ address: a }: { address: Address }) {
  const place = [a.neighborhood, a.cityName, a.regionName].filter(Boolean).join(', ');
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>{a.receiverName}</Typography>
      <Typography>{a.addressLine}</Typography>
      <Typography color="text.secondary">
        {place}
        {a.postalCode ? ` · ${t('addresses.postalCode')} ${a.postalCode}` : ''}
      </Typography>
      <Typography color="text.secondary">{formatPhone(a.phone)}</Typography>
      {a.notes ? (
        <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {a.notes}
        </Typography>
      ) : null}
    </>
  );
}

/** 'Mis direcciones': a person's shipping addresses — add, edit, choose the default, delete. */
export function AddressesPage() {
  const { user, isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const notify = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const list = useAddresses(ready && !isGuest);
  const remove = useRemoveAddress();
  const { save } = useSaveAddress();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [removing, setRemoving] = useState<Address | null>(null);

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('addresses.loginRequired')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );

  const addresses = list.data?.data ?? [];
  const total = (list.data?.metadata as { total?: number } | undefined)?.total ?? addresses.length;

  const makeDefault = async (a: Address) => {
    try {
      await save({ ...toAddressInput(a), isDefault: true }, a.id);
      notify(t('addresses.saved'));
    } catch (err) {
      notify(errorText(err, t('errors.unexpected')), { severity: 'error' });
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify(t('addresses.removed'));
    } catch (err) {
      notify(errorText(err, t('errors.unexpected')), { severity: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('addresses.title')}
          </Typography>
          <Typography color="text.secondary" data-testid="addresses-count">
            {t('addresses.count', { count: total })}
          </Typography>
        </div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('addresses.add')}
        </Button>
      </Stack>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <EmptyState /> : null}
      {list.isSuccess && addresses.length === 0 ? (
        <EmptyState title={t('addresses.empty')}>
          <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setEditing('new')}>
            {t('addresses.add')}
          </Button>
        </EmptyState>
      ) : null}
      <Grid container spacing={2}>
        {addresses.map((a) => (
          <Grid key={a.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" data-testid="address-card" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {a.label ? <Typography sx={{ fontWeight: 700 }}>{a.label}</Typography> : null}
                  {a.isDefault ? <Chip size="small" color="primary" label={t('addresses.default')} /> : null}
                </Stack>
                <AddressLines address={a} />
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap' }}>
                <Button size="small" onClick={() => setEditing(a)}>
                  {t('addresses.editShort')}
                </Button>
                {a.isDefault ? null : (
                  <Button size="small" onClick={() => makeDefault(a)}>
                    {t('addresses.makeDefault')}
                  </Button>
                )}
                <Button size="small" color="error" onClick={() => setRemoving(a)}>
                  {t('addresses.remove')}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        fullWidth
        maxWidth="sm"
        fullScreen={phone}
        aria-labelledby="address-form-title"
      >
        <DialogTitle id="address-form-title">{editing === 'new' ? t('addresses.add') : t('addresses.edit')}</DialogTitle>
        <DialogContent>
          {editing !== null ? (
            <Stack sx={{ pt: 1 }}>
              <AddressForm
                address={editing === 'new' ? undefined : editing}
                defaults={{ country: user.country ?? 'CO', receiverName: user.name ?? '', phone: user.mobile ?? '' }}
                onSaved={() => {
                  setEditing(null);
                  notify(t('addresses.saved'));
                }}
                onCancel={() => setEditing(null)}
              />
            </Stack>
          ) : null}
        </DialogContent>
      </Dialog>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby="address-remove-title">
        <DialogTitle id="address-remove-title">
          {removing ? t('addresses.confirmRemove', { label: removing.label ?? removing.addressLine }) : ''}
        </DialogTitle>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t('addresses.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmRemove} disabled={remove.isPending}>
            {t('addresses.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
