import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  closingFormText,
  formatCents,
  formatPhone,
  t,
  transactionStateText,
  type Amounts,
  type PaymentStoreInfo,
  type TransactionState,
  type TransactionView,
} from '@tuerca/contracts';

/** The buyer's pages of a purchase: 'Mis compras', its detail and the payment's result page. */
export const PURCHASES_PATH = '/compras';
export const purchasePath = (id: string) => `${PURCHASES_PATH}/${id}`;

const STATE_COLORS: Record<TransactionState, 'warning' | 'info' | 'success' | 'default' | 'error'> = {
  awaiting_confirmation: 'info',
  pending_payment: 'warning',
  paid: 'success',
  cancelled: 'default',
  returned: 'default',
};

export function StateChip({ state }: { state: TransactionState }) {
  return <Chip size="small" color={STATE_COLORS[state]} label={transactionStateText(state)} data-testid="purchase-state" />;
}

/** '5 de marzo de 2026, 14:05' in Bogotá or Mexico City time by the store's country. */
export function dateTime(iso: string, country: 'CO' | 'MX' = 'CO'): string {
  return new Intl.DateTimeFormat(country === 'MX' ? 'es-MX' : 'es-CO', {
    timeZone: country === 'MX' ? 'America/Mexico_City' : 'America/Bogota',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** Subtotal, the store's purchase discount, the IVA included (19 % CO, 16 % MX) and the total, in integer cents. */
export function AmountsTable({ amounts, currency }: { amounts: Amounts; currency: 'COP' | 'MXN' }) {
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <>
      <Typography component="dt" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </>
  );
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {row(t('purchases.subtotal'), formatCents(amounts.subtotalCents, currency))}
      {amounts.discountCents > 0 ? row(t('purchases.discount'), `−${formatCents(amounts.discountCents, currency)}`) : null}
      {row(t('purchases.total'), formatCents(amounts.totalCents, currency), true, 'purchase-total')}
      {row(t('purchases.ivaIncluded', { rate: amounts.ivaRate }), formatCents(amounts.ivaCents, currency), false, 'purchase-iva')}
    </Box>
  );
}

/** The store's contact as the spec's payment store info: name, mobile number, closing form, button to go on. */
export function StoreContact({ info, refVenta }: { info: PaymentStoreInfo; refVenta: string }) {
  const whatsapp = info.transaction_closing_form === 'whatsapp';
  let href = info.addressing_after_transaction;
  if (whatsapp && !href && info.mobile_number)
    href = `https://wa.me/${info.mobile_number.replace(/\D/g, '')}?text=${encodeURIComponent(
      t('purchases.whatsappGreeting', { store: info.name, ref: refVenta }),
    )}`;
  return (
    <Stack spacing={0.5} data-testid="store-contact">
      <Typography sx={{ fontWeight: 700 }}>{info.name}</Typography>
      {info.mobile_number ? <Typography color="text.secondary">{formatPhone(info.mobile_number)}</Typography> : null}
      <Typography variant="body2">{closingFormText(info.transaction_closing_form)}</Typography>
      {href ? (
        <Box>
          <Button
            variant="outlined"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={whatsapp ? <WhatsAppIcon /> : <OpenInNewIcon />}
            sx={{ mt: 1 }}
          >
            {info.addressing_button_name}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

/** A transaction in a list: reference, store, date, state, units and total. */
export function PurchaseSummary({ tx }: { tx: TransactionView }) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, fontFamily: 'monospace' }} data-testid="purchase-ref">
          {tx.ref_venta}
        </Typography>
        <StateChip state={tx.state} />
        {!tx.isRead ? <Chip size="small" variant="outlined" color="primary" label={t('purchases.unread')} /> : null}
      </Stack>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{tx.store.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {dateTime(tx.createdAt, tx.country)} · {t('purchases.units', { count: tx.quantity })}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{formatCents(tx.amounts.totalCents, tx.currency)}</Typography>
    </Stack>
  );
}
