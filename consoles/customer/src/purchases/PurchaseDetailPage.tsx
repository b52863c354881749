import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Dialog, DialogActions, DialogTitle, Divider, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PaymentIcon from '@mui/icons-material/Payment';
import { cancelReasonText, channelText, formatCents, t, type TransactionView } from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { useSession } from '../app/session';
import { EmptyState, LoadFailed, Loading, useToast } from '../app/ui';
import { usePrompts } from '../app/prompts';
import { useCancelPurchase, useMarkRead, usePayTransaction, usePurchase } from '../cart/queries';
import { AmountsTable, PURCHASES_PATH, StateChip, StoreContact, dateTime } from './parts';
import { ReturnsBlock } from './ReturnsBlock';

function Block({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The payment block: what was received, or the open payment request and its button. */
function PaymentBlock({ tx }: { tx: TransactionView }) {
  const notify = useToast();
  const pay = usePayTransaction();
  const start = () => {
    if (tx.payment) {
      window.location.assign(tx.payment.checkoutUrl);
      return;
    }
    // No payment request yet (a confirmed order, or the gateway was down at checkout): ask for one.
    pay.mutate(
      { transactionId: tx.id, acceptTerms: true, comment: '' },
      {
        onSuccess: (res) => {
          const url = res.data.transactions.find((x) => x.id === tx.id)?.payment?.checkoutUrl;
          if (url) window.location.assign(url);
          else notify(res.metadata.message ?? t('checkout.paymentUnavailable'), { severity: 'warning' });
        },
        onError: (err) => notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' }),
      },
    );
  };
  return (
    <Block title={t('purchases.payment')} testId="purchase-payment">
      <Typography>{channelText(tx.channel)}</Typography>
      {tx.paidAt ? <Typography color="success.main">{t('purchases.paidOn', { date: dateTime(tx.paidAt, tx.country) })}</Typography> : null}
      {tx.payments.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('purchases.payments')}
          </Typography>
          {tx.payments.map((p) => (
            <Typography
              key={p.reference}
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="purchase-payment-row"
            >
              <Box component="span" sx={{ textDecoration: p.reversedAt ? 'line-through' : 'none' }}>
                {p.reference} · {formatCents(p.amountCents, tx.currency)} · {dateTime(p.receivedAt, tx.country)}
              </Box>
              {p.reversedAt ? ` · ${t('purchases.paymentReversedOn', { date: dateTime(p.reversedAt, tx.country) })}` : null}
            </Typography>
          ))}
        </Box>
      ) : null}
      {tx.state === 'pending_payment' ? (
        <Box sx={{ mt: 1 }}>
          {tx.reservationExpiresAt ? (
            <Typography variant="body2" color="warning.main">
              {t('purchases.payBefore', { until: dateTime(tx.reservationExpiresAt, tx.country) })}
            </Typography>
          ) : null}
          <Button variant="contained" startIcon={<PaymentIcon />} onClick={start} disabled={pay.isPending} sx={{ mt: 1 }}>
            {t('purchases.payNow')}
          </Button>
        </Box>
      ) : null}
      {tx.state === 'awaiting_confirmation' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('checkout.awaitingConfirmation')}
        </Typography>
      ) : null}
      {tx.refundDue ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('purchases.refundDue')}
        </Alert>
      ) : null}
    </Block>
  );
}

/** A purchase as its buyer reads it: state, lines, amounts with IVA, payment, shipping, vehicle, store contact. */
export function PurchaseDetailPage() {
  const { id = '' } = useParams();
  const { isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const notify = useToast();
  const query = usePurchase(id, { enabled: ready && !isGuest && id !== '' });
  const cancel = useCancelPurchase();
  const markRead = useMarkRead();
  const [confirming, setConfirming] = useState(false);
  const tx = query.data?.data;
  const unread = tx ? !tx.isRead : false;
  const { mutate: mark } = markRead;

  // Opening a purchase marks its changes as seen.
  useEffect(() => {
    if (unread) mark(id);
  }, [unread, id, mark]);

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('purchases.loginRequired')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <EmptyState title={t('purchases.notFound')}>
          <Button component={RouterLink} to={PURCHASES_PATH} variant="contained" sx={{ mt: 2 }}>
            {t('purchases.backToList')}
          </Button>
        </EmptyState>
      );
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  const v = query.data.data;
  const cancellable = v.state === 'pending_payment' || v.state === 'awaiting_confirmation';
  const a = v.shippingAddress?.address;

  const doCancel = () =>
    cancel.mutate(v.id, {
      onSuccess: () => notify(t('purchases.cancelled', { ref: v.ref_venta })),
      onError: (err) => notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' }),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto', minWidth: 0 }} data-testid="purchase-detail">
      <Box>
        <Button component={RouterLink} to={PURCHASES_PATH} startIcon={<ArrowBackIcon />}>
          {t('purchases.backToList')}
        </Button>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontFamily: 'monospace' }}>
          {v.ref_venta}
        </Typography>
        <StateChip state={v.state} />
      </Stack>
      <Typography color="text.secondary">
        {v.store.name} · {dateTime(v.createdAt, v.country)}
      </Typography>
      {v.cancelReason ? (
        <Alert severity="info">{t('purchases.cancelledBecause', { reason: cancelReasonText(v.cancelReason) })}</Alert>
      ) : null}

      <Block title={t('purchases.lines')} testId="purchase-lines">
        <Stack divider={<Divider />}>
          {v.lines.map((l) => (
            <Stack key={l.id} direction="row" spacing={1} sx={{ justifyContent: 'space-between', py: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {l.title}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {[l.reference, l.manufacturerTitle].filter(Boolean).join(' · ')}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {l.quantity} × {formatCents(l.unitPriceCents, v.currency)}
                  {l.discountPercentage > 0 ? ` (−${l.discountPercentage} %)` : ''}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {formatCents(l.totalCents, v.currency)}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Divider sx={{ my: 1 }} />
        <AmountsTable amounts={v.amounts} currency={v.currency} />
      </Block>

      <PaymentBlock tx={v} />

      <ReturnsBlock tx={v} />

      <Block title={t('purchases.contactStore')}>
        <StoreContact info={v.paymentStoreInfo} refVenta={v.ref_venta} />
      </Block>

      <Block title={t('purchases.shipping')}>
        {a ? (
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <Typography sx={{ fontWeight: 600 }}>{a.receiverName}</Typography>
            <Typography>{a.addressLine}</Typography>
            <Typography color="text.secondary">{[a.neighborhood, a.cityName, a.regionName].filter(Boolean).join(', ')}</Typography>
          </Box>
        ) : (
          <Typography color="text.secondary">{t('purchases.noShipping')}</Typography>
        )}
      </Block>

      {v.vehicle ? (
        <Block title={t('purchases.vehicle')}>
          <Typography>
            {v.vehicle.licensePlate} · {v.vehicle.brand} {v.vehicle.model} {v.vehicle.year}
          </Typography>
        </Block>
      ) : null}

      {v.comment ? (
        <Block title={t('purchases.comment')}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{v.comment}</Typography>
        </Block>
      ) : null}

      {cancellable ? (
        <Box>
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('purchases.cancel')}
          </Button>
        </Box>
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="purchase-cancel-title">
        <DialogTitle id="purchase-cancel-title">{t('purchases.cancelConfirm', { ref: v.ref_venta })}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('checkout.cancelAdd')}</Button>
          <Button color="error" variant="contained" onClick={doCancel} disabled={cancel.isPending}>
            {t('purchases.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
