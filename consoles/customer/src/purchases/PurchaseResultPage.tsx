import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { formatCents, t } from '@tuerca/contracts';
import { useSession } from '../app/session';
import { EmptyState, Loading } from '../app/ui';
import { usePurchase } from '../cart/queries';
import { PURCHASES_PATH, StateChip, purchasePath } from './parts';

/**
 * /compras/resultado?transaccion=… — where the gateway sends the payer back (the marketplace's return URL).
 * The approval reaches the marketplace as an event, so while the purchase still waits for its payment the
 * page asks again (usePurchase's poll).
 */
export function PurchaseResultPage() {
  const [params] = useSearchParams();
  const id = params.get('transaccion') ?? '';
  const { isGuest, ready } = useSession();
  const query = usePurchase(id, { enabled: ready && !isGuest && id !== '', poll: true });

  if (!ready || (id !== '' && !isGuest && query.isPending)) return <Loading label={t('customerConsole.paymentChecking')} />;
  if (!id || isGuest || query.isError || !query.data)
    return (
      <EmptyState title={t('purchases.notFound')}>
        <Button component={RouterLink} to={PURCHASES_PATH} variant="contained" sx={{ mt: 2 }}>
          {t('checkout.goToPurchases')}
        </Button>
      </EmptyState>
    );
  const tx = query.data.data;
  const ref = tx.ref_venta;
  const text =
    tx.state === 'paid'
      ? t('checkout.resultPaid', { ref })
      : tx.state === 'cancelled' && (tx.cancelReason === 'payment_declined' || tx.cancelReason === 'payment_expired')
        ? t('checkout.resultFailed', { ref })
        : tx.state === 'cancelled'
          ? t('checkout.resultCancelled', { ref })
          : t('checkout.resultPending', { ref });
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 2, sm: 4 } }} data-testid="purchase-result">
      <Typography variant="overline">{t('checkout.resultTitle')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontFamily: 'monospace' }}>
          {ref}
        </Typography>
        <StateChip state={tx.state} />
      </Stack>
      <Alert severity={tx.state === 'paid' ? 'success' : tx.state === 'cancelled' ? 'error' : 'info'} data-testid="purchase-result-text">
        {text}
      </Alert>
      <Typography sx={{ mt: 2 }}>
        {tx.store.name} · {formatCents(tx.amounts.totalCents, tx.currency)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button component={RouterLink} to={purchasePath(tx.id)} variant="contained">
          {t('purchases.detail')}
        </Button>
        <Button component={RouterLink} to={PURCHASES_PATH}>
          {t('checkout.goToPurchases')}
        </Button>
      </Stack>
    </Paper>
  );
}
