import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PaymentIcon from '@mui/icons-material/Payment';
import {
  formatCents,
  t,
  type Address,
  type CartLine,
  type CheckoutResult,
  type ShippingChoice,
  type TransactionView,
} from '@tuerca/contracts';
import { errorText } from '../app/api';
import { newId } from '../app/ids';
import { usePrompts } from '../app/prompts';
import { useApiQuery } from '../app/queries';
import { useSession } from '../app/session';
import { EmptyState, LoadFailed, Loading } from '../app/ui';
import { AddressLines } from '../addresses/AddressesPage';
import { AddressForm } from '../addresses/AddressForm';
import { useAddresses } from '../addresses/useAddresses';
import { PURCHASES_PATH, StateChip, dateTime, purchasePath } from '../purchases/parts';
import { StoreSummary } from './CartPage';
import { cartPath } from './paths';
import { useCartLines, useMakePurchase } from './queries';

interface GarageVehicleRow {
  id: string;
  license_plate: string;
  brand: string;
  model: string;
  year: number | null;
}

/** The address as a transaction stores it (identity's fields without the saved address's own ones). */
export function shippingChoiceOf(a: Address): ShippingChoice {
  const { id, isDefault: _d, createdAt: _c, updatedAt: _u, ...address } = a;
  return { addressId: id, address };
}

function Section({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }} component="section" aria-labelledby={`checkout-step-${n}`}>
      <Typography variant="h6" component="h2" id={`checkout-step-${n}`} sx={{ mb: 1 }}>
        {n}. {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** What the checkout made: 'Pedido enviado' for orders, the payment of each online purchase. */
function CheckoutDone({ result, message }: { result: CheckoutResult; message: string | undefined }) {
  const online = result.transactions.filter((x) => x.state === 'pending_payment' && x.payment);
  const orders = result.transactions.filter((x) => x.channel === 'order');
  const pay = (tx: TransactionView) => window.location.assign(tx.payment!.checkoutUrl);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }} data-testid="checkout-done">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {orders.length > 0 && online.length === 0 ? t('checkout.placedOrder') : t('checkout.placedTitle')}
      </Typography>
      {message ? <Alert severity="success">{message}</Alert> : null}
      {orders.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="checkout-orders">
          <Typography variant="h6" component="h2">
            {t('checkout.placedOrder')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('checkout.placedOrderDetail', { refs: orders.map((o) => o.ref_venta).join(', ') })}</Typography>
          {orders.map((o) => (
            <Stack key={o.id} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{o.ref_venta}</Typography>
              <Typography>{o.store.name}</Typography>
              <StateChip state={o.state} />
            </Stack>
          ))}
        </Paper>
      ) : null}
      {online.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="checkout-payments">
          <Typography variant="h6" component="h2">
            {t('checkout.onlineGroup')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('checkout.payHelp')}
          </Typography>
          <Stack spacing={1}>
            {online.map((tx) => (
              <Box key={tx.id}>
                <Typography sx={{ mb: 0.5 }}>
                  {tx.store.name}
                  {tx.reservationExpiresAt
                    ? ` · ${t('purchases.payBefore', { until: dateTime(tx.reservationExpiresAt, tx.country) })}`
                    : ''}
                </Typography>
                <Button variant="contained" startIcon={<PaymentIcon />} onClick={() => pay(tx)}>
                  {t('checkout.payTransaction', { ref: tx.ref_venta, total: formatCents(tx.amounts.totalCents, tx.currency) })}
                </Button>
              </Box>
            ))}
          </Stack>
        </Paper>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={RouterLink} to={PURCHASES_PATH} variant="outlined">
          {t('checkout.goToPurchases')}
        </Button>
        {result.transactions.length === 1 ? (
          <Button component={RouterLink} to={purchasePath(result.transactions[0]!.id)}>
            {t('purchases.detail')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}

/**
 * The checkout of the cart's selected lines (issue #12): the shipping address (pick or add), a garage vehicle
 * (optional), then the marketplace order modal — comment and the terms checkbox (000 §5: "terms must be
 * accepted, else 'Debes aceptar los términos y condiciones para continuar con el pedido'") — and makePurchase:
 * one transaction per store; online lines then go to the gateway, order lines are 'Pedido enviado'.
 */
export function CheckoutPage() {
  const { user, isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const cart = useCartLines('cart', ready && !isGuest);
  const addresses = useAddresses(ready && !isGuest);
  const vehicles = useApiQuery<GarageVehicleRow[]>('/garage/vehicle/', { page: 0, pageSize: 100 }, { enabled: ready && !isGuest });
  // One key per visit of the page: a double click or a retried request is answered with the first purchase.
  const idempotencyKey = useMemo(() => newId(), []);
  const purchase = useMakePurchase(idempotencyKey);
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [vehicleId, setVehicleId] = useState('');
  const [adding, setAdding] = useState(false);
  const [modal, setModal] = useState(false);
  const [comment, setComment] = useState('');
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [addressError, setAddressError] = useState(false);

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('checkout.loginToBuy')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true, message: t('checkout.loginToBuy') })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );
  if (purchase.isSuccess) return <CheckoutDone result={purchase.data.data} message={purchase.data.metadata.message} />;
  if (cart.isPending) return <Loading />;
  if (cart.isError) return <LoadFailed onRetry={() => void cart.refetch()} detail={t('customerConsole.cartLoadFailed')} />;

  const selected: CartLine[] = cart.data.data.filter((l) => l.selected);
  const summaries = cart.data.metadata.stores.filter((s) => s.selectedLines > 0);
  if (selected.length === 0)
    return (
      <EmptyState title={t('checkout.nothingSelected')}>
        <Button variant="contained" sx={{ mt: 2 }} component={RouterLink} to={cartPath('cart')}>
          {t('checkout.backToCart')}
        </Button>
      </EmptyState>
    );

  const saved = addresses.data?.data ?? [];
  const addressId = chosenAddress ?? saved.find((a) => a.isDefault)?.id ?? saved[0]?.id ?? null;
  const address = saved.find((a) => a.id === addressId) ?? null;
  const onlineLines = selected.filter((l) => l.salesModel !== 2);
  const orderLines = selected.filter((l) => l.salesModel === 2);
  const confirmLabel =
    orderLines.length === 0
      ? t('checkout.confirmOnline', {
          total: summaries.map((s) => formatCents(s.amounts.totalCents, s.currency)).join(' + '),
        })
      : onlineLines.length === 0
        ? t('checkout.confirmOrder')
        : t('checkout.confirmBoth');

  const openModal = () => {
    if (!address) {
      setAddressError(true);
      return;
    }
    setModal(true);
  };

  const submit = () => {
    // 000 §5: the order cannot go on without the terms.
    if (!terms) {
      setTermsError(true);
      return;
    }
    if (!address) return;
    purchase.mutate(
      {
        itemIds: selected.map((l) => l.id),
        comment,
        acceptTerms: true,
        shipping: shippingChoiceOf(address),
        ...(vehicleId ? { vehicleId } : {}),
      },
      { onSuccess: () => setModal(false) },
    );
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('checkout.title')}
      </Typography>

      <Section n={1} title={t('checkout.step1')}>
        {addresses.isPending ? <Loading /> : null}
        {addresses.isSuccess && saved.length === 0 ? <Typography color="text.secondary">{t('checkout.noAddresses')}</Typography> : null}
        <RadioGroup
          value={addressId ?? ''}
          onChange={(e) => {
            setChosenAddress(e.target.value);
            setAddressError(false);
          }}
          aria-label={t('checkout.step1')}
        >
          {saved.map((a) => (
            <FormControlLabel
              key={a.id}
              value={a.id}
              control={<Radio />}
              data-testid="checkout-address"
              sx={{ alignItems: 'flex-start', mr: 0, mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
              label={
                <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {a.label ? <Typography sx={{ fontWeight: 700 }}>{a.label}</Typography> : null}
                  <AddressLines address={a} />
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {addressError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('checkout.chooseAddress')}
          </Alert>
        ) : null}
        <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('checkout.addAddress')}
        </Button>
      </Section>

      <Section n={2} title={t('checkout.step2')}>
        <TextField
          select
          fullWidth
          label={t('checkout.chooseVehicle')}
          value={vehicleId}
          onChange={(e) => setVehicleId(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('checkout.noVehicle')}</MenuItem>
          {(vehicles.data?.data ?? []).map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {`${v.license_plate} · ${v.brand} ${v.model}${v.year ? ` ${v.year}` : ''}`}
            </MenuItem>
          ))}
        </TextField>
      </Section>

      <Section n={3} title={t('checkout.step3')}>
        <Stack spacing={2} divider={<Divider />}>
          {summaries.map((s) => {
            const lines = selected.filter((l) => l.storeId === s.storeId);
            return (
              <Box key={s.storeId} data-testid="checkout-store">
                <Typography sx={{ fontWeight: 700 }}>{t('checkout.storeLines', { store: s.storeName, count: lines.length })}</Typography>
                {lines.map((l) => (
                  <Stack key={l.id} direction="row" spacing={1} sx={{ justifyContent: 'space-between', py: 0.5 }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {l.quantity} × {l.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {l.salesModel === 2 ? t('checkout.orderGroup') : t('checkout.onlineGroup')}
                      </Typography>
                    </Box>
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {l.lineTotalCents === null ? '—' : formatCents(l.lineTotalCents, l.currency)}
                    </Typography>
                  </Stack>
                ))}
                <StoreSummary summary={s} />
              </Box>
            );
          })}
        </Stack>
        {selected.some((l) => l.problem) ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {selected
              .map((l) => l.problem)
              .filter(Boolean)
              .join(' ')}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button component={RouterLink} to={cartPath('cart')}>
            {t('checkout.backToCart')}
          </Button>
          <Button variant="contained" size="large" onClick={openModal} data-testid="checkout-confirm">
            {confirmLabel}
          </Button>
        </Stack>
      </Section>

      <Dialog
        open={adding}
        onClose={() => setAdding(false)}
        fullWidth
        maxWidth="sm"
        fullScreen={phone}
        aria-labelledby="checkout-address-title"
      >
        <DialogTitle id="checkout-address-title">{t('checkout.addAddress')}</DialogTitle>
        <DialogContent>
          {adding ? (
            <Stack sx={{ pt: 1 }}>
              <AddressForm
                defaults={{ country: user.country ?? 'CO', receiverName: user.name ?? '', phone: user.mobile ?? '' }}
                onSaved={(a) => {
                  setAdding(false);
                  setAddressError(false);
                  if (a) setChosenAddress(a.id);
                }}
                onCancel={() => setAdding(false)}
              />
            </Stack>
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog open={modal} onClose={() => setModal(false)} fullWidth maxWidth="sm" aria-labelledby="order-modal-title">
        <DialogTitle id="order-modal-title">{t('marketplaceOrder.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('marketplaceOrder.comment')}
              helperText={t('checkout.commentLabel')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={terms}
                  onChange={(e) => {
                    setTerms(e.target.checked);
                    if (e.target.checked) setTermsError(false);
                  }}
                />
              }
              label={t('marketplaceOrder.acceptTerms')}
            />
            {termsError ? <Alert severity="error">{t('marketplaceOrder.termsRequired')}</Alert> : null}
            {purchase.isError ? <Alert severity="error">{errorText(purchase.error, t('quotation.requestFailed'))}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setModal(false)}>{t('checkout.cancelAdd')}</Button>
          <Button variant="contained" onClick={submit} disabled={purchase.isPending} data-testid="order-modal-submit">
            {confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
