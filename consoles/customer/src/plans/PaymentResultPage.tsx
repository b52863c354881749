import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { t } from '@tuerca/contracts';
import { api, errorText } from '../app/api';
import { EmptyState, Loading } from '../app/ui';

interface PaymentStatus {
  reference: string;
  status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';
  statusLabel: string;
  detail: string;
  priceLabel: string;
  plan: { title: string; transaction_type: string; transaction_type_label: string; amount: number };
  consultationsAvailable: { amount: number; expiredDate: string | null } | null;
}

/** The gateway's redirect target: the payment's status and, once approved, the new balance. */
export function PaymentResultPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? '';
  const [payment, setPayment] = useState<PaymentStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = (attempt: number) => {
      api
        .get<PaymentStatus>(`/core/transaction/${encodeURIComponent(reference)}`)
        .then((r) => {
          if (stop) return;
          setPayment(r.data);
          if (r.data.status === 'PENDING' && attempt < 20) timer = setTimeout(() => poll(attempt + 1), 1500);
        })
        .catch((err) => !stop && setProblem(errorText(err, t('payments.transactionNotFound'))));
    };
    poll(0);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [reference]);

  if (problem) return <EmptyState title={problem} />;
  if (!payment) return <Loading label={t('customerConsole.paymentChecking')} />;
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
          {t('payments.amountToPay')}
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
            <Box>{t('customerConsole.balanceExpires', { date: payment.consultationsAvailable.expiredDate })}</Box>
          ) : null}
        </Alert>
      ) : null}
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        {t('customerConsole.continueSearching')}
      </Button>
    </Paper>
  );
}
