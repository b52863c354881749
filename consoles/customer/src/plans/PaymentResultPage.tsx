import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { paymentsRoutes, t } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { useRouteQuery } from '../app/queries';
import { formatDate } from '../app/format';
import { useSession } from '../app/session';
import { EmptyState, Loading } from '../app/ui';

/** A pending payment is asked about again every 1.5 s, twenty times (half a minute). */
const POLL_MS = 1500;
const POLL_TIMES = 20;

/** The gateway's redirect target: the payment's status and, once approved, the new balance. */
export function PaymentResultPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const reference = params.get('reference') ?? '';
  const query = useRouteQuery(
    paymentsRoutes.one,
    { params: { reference } },
    {
      enabled: reference !== '',
      refetchInterval: (q) => (q.state.data?.data.status === 'PENDING' && q.state.dataUpdateCount < POLL_TIMES ? POLL_MS : false),
      staleTime: 0,
    },
  );
  if (!reference || query.isError)
    return (
      <EmptyState title={errorText(query.error, t('payments.transactionNotFound'))} detail={t('customerConsole.paymentNotFoundNext')}>
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
          {t('customerConsole.continueSearching')}
        </Button>
      </EmptyState>
    );
  if (query.isPending) return <Loading label={t('customerConsole.paymentChecking')} />;
  const payment = query.data.data;
  const approved = payment.status === 'APPROVED';
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Typography variant="overline">{t('customerConsole.paymentResultTitle')}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {approved ? <CheckCircleIcon color="success" /> : null}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="payment-status">
          {payment.statusLabel}
        </Typography>
      </Stack>
      <Typography sx={{ mt: 1 }}>{payment.detail}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, my: 2 }}>
        <Typography component="dt" color="text.secondary">
          {t('payments.plan')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
          {payment.plan.title}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {approved ? t('customerConsole.amountPaid') : t('payments.amountToPay')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
          {payment.priceLabel}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('payments.reference')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
          {payment.reference}
        </Typography>
      </Box>
      {approved && payment.consultationsAvailable ? (
        <Alert severity="success" data-testid="new-balance">
          <strong>
            {t('customerConsole.newBalance', {
              type: payment.plan.transaction_type_label.toLowerCase(),
              amount: payment.consultationsAvailable.amount,
            })}
          </strong>
          {payment.consultationsAvailable.expiredDate ? (
            <Box>{t('customerConsole.balanceExpires', { date: formatDate(payment.consultationsAvailable.expiredDate, user.country) })}</Box>
          ) : null}
        </Alert>
      ) : null}
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        {t('customerConsole.continueSearching')}
      </Button>
    </Paper>
  );
}
