import { t, type CheckoutResult } from '@tuerca/contracts';
import type { CheckoutKind } from './purchase.rules.js';

const BOGOTA = 'America/Bogota';
const when = (iso: string) =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone: BOGOTA,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** What the checkout's answer tells the buyer (metadata.message, and a detail for the order's 'Pedido enviado'). */
export function checkoutMessage(result: CheckoutResult, kind: CheckoutKind, now: Date): { message: string; detail?: string } {
  const txs = result.transactions;
  const refs = txs.map((x) => x.ref_venta).join(', ');
  if (result.replayed) return { message: t('checkout.replayed') };
  const waiting = txs.filter((x) => x.state === 'pending_payment' && (x.channel === 'online' || x.channel === 'link'));
  if (waiting.some((x) => x.payment === null)) return { message: t('checkout.paymentUnavailable') };
  if (kind === 'link' && waiting[0]?.payment)
    return { message: t('checkout.paymentLinkCreated', { until: when(waiting[0].payment.expiresAt) }) };
  if (txs.every((x) => x.channel === 'order'))
    return { message: t('checkout.placedOrder'), detail: t('checkout.placedOrderDetail', { refs }) };
  if (txs.every((x) => x.channel === 'online')) {
    const ends = txs.map((x) => (x.reservationExpiresAt ? new Date(x.reservationExpiresAt).getTime() : now.getTime()));
    const minutes = Math.max(1, Math.round((Math.min(...ends) - now.getTime()) / 60_000));
    return { message: t('checkout.placedOnline', { refs, minutes }) };
  }
  return { message: t('checkout.placedMixed', { refs }) };
}
