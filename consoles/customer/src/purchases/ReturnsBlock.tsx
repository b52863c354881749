import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import { closingRoutes, purchasesRoutes, t, type MessageKey, type ReturnView, type TransactionView } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { routeKey, useRouteMutation, useRouteQuery } from '../app/queries';
import { useToast } from '../app/ui';
import { dateTime } from './parts';

/**
 * The purchase's returns as its buyer sees them (issue #13: "a buyer may withdraw from an online purchase within
 * 5 business days of delivery in Colombia (Ley 1480 de 2011, art. 47, derecho de retracto) — the window is an app
 * parameter per country; the seller accepts or rejects with a reason"). The window, its last day and whether a
 * return may be asked for now come from loadTransactionReturns; the request is checked again by the API.
 */

const RETURN_COLORS: Record<ReturnView['state'], 'info' | 'success' | 'error'> = {
  requested: 'info',
  accepted: 'success',
  rejected: 'error',
};
const MIN_REASON = 5;

/** '2 de diciembre de 2026': the last day of the window (the deadline is the end of that day in the store's time). */
function lastDay(deadline: string, country: 'CO' | 'MX'): string {
  return new Intl.DateTimeFormat(country === 'MX' ? 'es-MX' : 'es-CO', {
    timeZone: country === 'MX' ? 'America/Mexico_City' : 'America/Bogota',
    dateStyle: 'long',
  }).format(new Date(new Date(deadline).getTime() - 1));
}

function ReturnRow({ ret, country }: { ret: ReturnView; country: 'CO' | 'MX' }) {
  return (
    <Stack spacing={0.5} sx={{ py: 1 }} data-testid="return-row">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={RETURN_COLORS[ret.state]}
          label={t(`closing.returnStates.${ret.state}` as MessageKey)}
          data-testid="return-state"
        />
        <Typography variant="body2" color="text.secondary">
          {t('purchases.returnRequestedOn', { date: dateTime(ret.requestedAt, country) })}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('purchases.yourReason', { reason: ret.reason })}
      </Typography>
      {ret.state === 'requested' ? (
        <Typography variant="body2" color="text.secondary">
          {t('purchases.returnWaiting')}
        </Typography>
      ) : null}
      {ret.state === 'accepted' ? (
        <Typography variant="body2" color="success.main">
          {t('purchases.returnAcceptedNote')}
        </Typography>
      ) : null}
      {ret.decisionReason ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }} data-testid="return-store-reason">
          {t('purchases.storeReason', { reason: ret.decisionReason })}
        </Typography>
      ) : null}
      {ret.decidedAt ? (
        <Typography variant="caption" color="text.secondary">
          {t('purchases.returnDecidedOn', { date: dateTime(ret.decidedAt, country) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function RequestReturnDialog({ tx, open, onClose }: { tx: TransactionView; open: boolean; onClose: () => void }) {
  const notify = useToast();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const request = useRouteMutation(closingRoutes.requestReturn, (body: { reason: string }) => ({ params: { id: tx.id }, body }), {
    onSuccess: async (answer) => {
      notify(answer.metadata.message ?? t('closing.returnRequested'));
      setReason('');
      setTouched(false);
      onClose();
      await Promise.all([
        client.invalidateQueries({ queryKey: routeKey(closingRoutes.loadTransactionReturns).slice(0, 2) }),
        client.invalidateQueries({ queryKey: routeKey(purchasesRoutes.load).slice(0, 2) }),
      ]);
    },
  });
  const tooShort = reason.trim().length < MIN_REASON;
  const submit = () => {
    setTouched(true);
    if (!tooShort) request.mutate({ reason: reason.trim() });
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="return-dialog-title">
      <DialogTitle id="return-dialog-title">{t('purchases.returnDialogTitle', { ref: tx.ref_venta })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('purchases.returnDialogHelp')}</DialogContentText>
        <TextField
          label={t('purchases.returnReasonLabel')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && tooShort}
          helperText={touched && tooShort ? t('closing.returnReasonRequired') : ' '}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {request.isError ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="return-error">
            {errorText(request.error, t('quotation.requestFailed'))}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('checkout.cancelAdd')}</Button>
        <Button variant="contained" onClick={submit} disabled={request.isPending}>
          {t('purchases.sendReturn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Shown on a paid or returned purchase (or one with return requests): the window, the requests, the button. */
export function ReturnsBlock({ tx }: { tx: TransactionView }) {
  const [open, setOpen] = useState(false);
  const relevant = tx.state === 'paid' || tx.state === 'returned';
  const query = useRouteQuery(closingRoutes.loadTransactionReturns, { params: { id: tx.id } }, { enabled: relevant });
  const r = query.data?.data;
  if (!relevant || !r) return null;
  const until = r.deadline ? lastDay(r.deadline, tx.country) : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }} data-testid="purchase-returns">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('purchases.returnsTitle')}
      </Typography>
      {r.deliveredAt ? <Typography>{t('purchases.deliveredOn', { date: dateTime(r.deliveredAt, tx.country) })}</Typography> : null}
      {r.canRequest && until ? (
        <Typography variant="body2" color="text.secondary" data-testid="return-deadline">
          {t('purchases.returnUntil', { date: until, days: r.windowBusinessDays })}
        </Typography>
      ) : null}
      {r.problem && !r.returns.some((x) => x.state === 'requested') ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="return-problem">
          {r.problem}
        </Alert>
      ) : null}
      {r.returns.length > 0 ? (
        <Stack divider={<Divider />} sx={{ mt: 1 }}>
          {r.returns.map((ret) => (
            <ReturnRow key={ret.id} ret={ret} country={tx.country} />
          ))}
        </Stack>
      ) : null}
      {r.canRequest ? (
        <Box sx={{ mt: 1 }}>
          <Button variant="outlined" startIcon={<AssignmentReturnIcon />} onClick={() => setOpen(true)}>
            {t('purchases.requestReturn')}
          </Button>
          <RequestReturnDialog tx={tx} open={open} onClose={() => setOpen(false)} />
        </Box>
      ) : null}
    </Paper>
  );
}
