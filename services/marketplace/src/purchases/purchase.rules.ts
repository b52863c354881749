import {
  IVA_RATES,
  additionalDiscountFor,
  formatCents,
  isProductAvailable,
  quotationLimit,
  t,
  type Amounts,
  type CancelReason,
  type ClosingForm,
  type PaymentStoreInfo,
  type PurchaseDiscountRule,
  type StockState,
  type TransactionChannel,
  type TransactionState,
} from '@tuerca/contracts';

/**
 * The checkout's rules, without a database: money in integer minor units (no float ever carries an amount
 * from one step to the next), IVA included, the store's purchase discount, which lines make which
 * transaction, which states a transaction may move between, and when it is paid.
 */

/** A numeric(14,2) price read as a number (e.g. 1234.57) in integer cents; rounding removes binary noise. */
export function toCents(price: number): number {
  const cents = Math.round(price * 100);
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a price: ${price}`);
  return cents;
}

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  discountPercentage: number;
  /** unit price × quantity */
  grossCents: number;
  /** the whole line's discount: the discount of one unit (rounded to the cent) × quantity */
  discountCents: number;
  totalCents: number;
}

/** spec 000 §3 additionalDiscount: the store's purchase discount of one unit, then × quantity, so a line never has fractional cents. */
export function priceLine(unitPriceCents: number, quantity: number, discountPercentage: number): PricedLine {
  const unitDiscount = Math.round((unitPriceCents * discountPercentage) / 100);
  const grossCents = unitPriceCents * quantity;
  const discountCents = unitDiscount * quantity;
  const totalCents = grossCents - discountCents;
  for (const v of [grossCents, discountCents, totalCents]) if (!Number.isSafeInteger(v)) throw new AmountTooLargeError();
  return { unitPriceCents, quantity, discountPercentage, grossCents, discountCents, totalCents };
}

export class AmountTooLargeError extends RangeError {
  constructor() {
    super('amount beyond the safe integer range');
  }
}

/** The store's discount percentage for a unit price (the first purchase-discount rule whose price range holds it). */
export function discountPercentageFor(unitPrice: number, rules: readonly PurchaseDiscountRule[]): number {
  return additionalDiscountFor(unitPrice, rules)?.discountPercentage ?? 0;
}

/**
 * A transaction's amounts: subtotal, discount, total, and the IVA the total includes
 * (total − round(total × 100 / (100 + rate))): CO 19 %, MX 16 % (DESIGN §4 "IVA is shown as included").
 */
export function priceTransaction(
  lines: readonly Pick<PricedLine, 'grossCents' | 'discountCents' | 'totalCents'>[],
  country: keyof typeof IVA_RATES,
): Amounts {
  const subtotalCents = lines.reduce((n, l) => n + l.grossCents, 0);
  const discountCents = lines.reduce((n, l) => n + l.discountCents, 0);
  const totalCents = lines.reduce((n, l) => n + l.totalCents, 0);
  if (!Number.isSafeInteger(subtotalCents) || !Number.isSafeInteger(totalCents)) throw new AmountTooLargeError();
  const ivaRate = IVA_RATES[country];
  const ivaCents = ivaIncluded(totalCents, ivaRate);
  return { subtotalCents, discountCents, totalCents, ivaRate, ivaCents };
}

/** The IVA a gross amount includes, to the cent (half up). */
export function ivaIncluded(totalCents: number, ratePercent: number): number {
  const base = Math.round((totalCents * 100) / (100 + ratePercent));
  return totalCents - base;
}

// ---------------------------------------------------------------------------------------------------------
// Which lines make which transaction

/** What the checkout knows of a cart line and its product at the moment of buying. */
export interface CheckoutLine {
  itemId: string;
  productId: string;
  storeId: string;
  title: string;
  salesModel: 1 | 2 | 3;
  quantity: number;
  inventario: number;
  fechaActualizacion: Date;
  storeIsVirtual: boolean;
  productState: 'published' | 'depleted' | 'deleted';
  minimumOrderQuantity: number;
  quotationMaxQuantity: number | null;
  /** The price the line is bought at (the quotation's when the seller answered one), null when hidden. */
  unitPrice: number | null;
  quotationId: string | null;
  /** For quotation lines: whether the answered quotation's purchase window is still open. */
  quotationOpen: boolean;
}

/** The way a checkout call closes the sale. */
export type CheckoutKind = 'purchase' | 'online' | 'order' | 'link';

/** The channel a line goes to in a checkout of this kind, or null when that call does not sell it. */
export function channelFor(kind: CheckoutKind, salesModel: 1 | 2 | 3): TransactionChannel | null {
  const online = salesModel === 1 || salesModel === 3;
  switch (kind) {
    case 'purchase':
      return online ? 'online' : 'order';
    case 'online':
      return online ? 'online' : null;
    case 'order':
      return salesModel === 2 ? 'order' : null;
    case 'link':
      return online ? 'link' : null;
  }
}

/** Why a line cannot be bought now (Spanish, the spec's texts where it has them), or null. */
export function lineProblem(line: CheckoutLine, now: Date): string | null {
  if (line.productState === 'deleted') return t('availability.productNotAvailable');
  // spec 000 §4: unavailable when stock is under 1 or (outside virtual stores) updated more than 30 days ago.
  if (!isProductAvailable({ inventario: line.inventario, fecha_actualizacion: line.fechaActualizacion }, line.storeIsVirtual, now))
    return t('availability.productNotAvailable');
  if (line.salesModel === 3) {
    if (!line.quotationId || !line.quotationOpen) return t('marketplace.quotationWindowClosed');
    const max = quotationLimit({ inventario: line.inventario, quotationMaxQuantity: line.quotationMaxQuantity });
    if (line.quantity > max) return t('quotation.quantityExceedsMax', { max });
  } else if (line.quantity < line.minimumOrderQuantity) {
    return t('checkout.quantityBelowMinimum', { title: line.title, min: line.minimumOrderQuantity });
  }
  // spec 000 §5: 'La cantidad disponible es de N unidades. Intenta con una cantidad menor.'
  if (line.quantity > line.inventario) return t('quotation.quantityExceedsStock', { quantity: line.inventario });
  if (line.unitPrice === null) return t('checkout.hiddenPriceLine', { title: line.title });
  return null;
}

export interface CheckoutGroup {
  storeId: string;
  channel: TransactionChannel;
  lines: CheckoutLine[];
}

/** One transaction per store and channel, in a stable order (store, then channel), lines in cart order. */
export function groupCheckout(kind: CheckoutKind, lines: readonly CheckoutLine[]): { groups: CheckoutGroup[]; skipped: CheckoutLine[] } {
  const groups = new Map<string, CheckoutGroup>();
  const skipped: CheckoutLine[] = [];
  for (const line of lines) {
    const channel = channelFor(kind, line.salesModel);
    if (!channel) {
      skipped.push(line);
      continue;
    }
    const key = `${line.storeId}|${channel}`;
    const group = groups.get(key) ?? { storeId: line.storeId, channel, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const order: TransactionChannel[] = ['online', 'link', 'order', 'quotation'];
  return {
    groups: [...groups.values()].sort((a, b) => a.storeId.localeCompare(b.storeId) || order.indexOf(a.channel) - order.indexOf(b.channel)),
    skipped,
  };
}

/** The state a new transaction starts in: an order waits for the seller; everything else waits for the payment. */
export function initialState(channel: TransactionChannel): Extract<TransactionState, 'awaiting_confirmation' | 'pending_payment'> {
  return channel === 'order' ? 'awaiting_confirmation' : 'pending_payment';
}

export interface ReservationWindows {
  /** Online purchase: minutes to pay (app parameter marketplaceReservationMinutes, default 30). */
  onlineMinutes: number;
  /** Payment link: hours it stays payable (marketplacePaymentLinkHours, default 24). */
  linkHours: number;
  /** Orders (seller confirmation, then payment) and quotation orders: hours the stock is held (marketplaceOrderHoldHours, default 48). */
  orderHours: number;
}

/** Until when a new transaction's stock is held unpaid. */
export function reservationEnd(channel: TransactionChannel, now: Date, w: ReservationWindows): Date {
  const minutes = channel === 'online' ? w.onlineMinutes : channel === 'link' ? w.linkHours * 60 : w.orderHours * 60;
  return new Date(now.getTime() + minutes * 60_000);
}

/** The state a read shows: a reservation whose window has passed reads as cancelled before the job has run (reads check the clock). */
export function effectiveState(
  tx: { state: TransactionState; stockState: StockState; reservationExpiresAt: Date | null },
  now: Date,
): { state: TransactionState; cancelReason: CancelReason | null } {
  if (
    (tx.state === 'pending_payment' || tx.state === 'awaiting_confirmation') &&
    tx.stockState === 'reserved' &&
    tx.reservationExpiresAt !== null &&
    tx.reservationExpiresAt.getTime() <= now.getTime()
  )
    return { state: 'cancelled', cancelReason: 'reservation_expired' };
  return { state: tx.state, cancelReason: null };
}

/** The buyer may cancel what is not paid yet (PATCH CartShoppingHeader/{id}). */
export function buyerMayCancel(state: TransactionState): boolean {
  return state === 'pending_payment' || state === 'awaiting_confirmation';
}

/** A transaction may ask billing for a payment while it waits for one. */
export function mayRequestPayment(state: TransactionState): boolean {
  return state === 'pending_payment';
}

/** Shipping address and vehicle may change until the purchase is closed. */
export function buyerMayEdit(state: TransactionState): boolean {
  return state === 'pending_payment' || state === 'awaiting_confirmation' || state === 'paid';
}

/** Paid is derived from the payments: the sum of those not reversed reaches the total. */
export function isCovered(totalCents: number, payments: readonly { amountCents: number; reversedAt: Date | null }[]): boolean {
  const received = payments.filter((p) => p.reversedAt === null).reduce((n, p) => n + p.amountCents, 0);
  return received >= totalCents;
}

/** What an approved gateway payment does to a transaction in each state. */
export function onPaymentApproved(
  state: TransactionState,
  covered: boolean,
): 'mark-paid' | 're-reserve-then-paid' | 'record-only' | 'refund-due' {
  if (state === 'pending_payment' || state === 'awaiting_confirmation') return covered ? 'mark-paid' : 'record-only';
  // Money arrived for a transaction that ended unpaid (its window ran out, or it was cancelled meanwhile):
  // it is honoured when the stock can be taken again, else it is to be returned.
  if (state === 'cancelled') return covered ? 're-reserve-then-paid' : 'refund-due';
  // Already paid (a second payment) or returned: the money is to be returned.
  return 'refund-due';
}

/** A failed payment (declined, voided, error, expired) ends the transaction when it is the transaction's open payment. */
export function cancelReasonForFailure(status: 'DECLINED' | 'VOIDED' | 'ERROR' | 'EXPIRED'): CancelReason {
  return status === 'EXPIRED' ? 'payment_expired' : 'payment_declined';
}

// ---------------------------------------------------------------------------------------------------------
// What the buyer reads about the store

/** spec 000 §3 payment store info, with Tuerca's defaults where the store set nothing: a WhatsApp chat about this purchase. */
export function paymentStoreInfo(
  store: {
    name: string;
    mobile: string | null;
    transactionClosingForm: ClosingForm;
    addressingAfterTransaction: string | null;
    addressingButtonName: string | null;
  },
  refVenta: string,
): PaymentStoreInfo {
  let addressing = store.addressingAfterTransaction;
  if (!addressing && store.mobile) {
    const digits = store.mobile.replace(/\D/g, '');
    const text = t('purchases.whatsappGreeting', { store: store.name, ref: refVenta });
    addressing = `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
  }
  const button =
    store.addressingButtonName ??
    (store.addressingAfterTransaction && store.transactionClosingForm === 'store_website'
      ? t('purchases.visitStoreButton')
      : t('purchases.contactButton'));
  return {
    name: store.name,
    mobile_number: store.mobile,
    addressing_after_transaction: addressing,
    transaction_closing_form: store.transactionClosingForm,
    addressing_button_name: button,
  };
}

/** A store's minimum purchase value against what is being bought there; the Spanish text names the store when it falls short. */
export function minimumShortfall(
  store: { name: string; minimumCents: number; currency: 'COP' | 'MXN' },
  totalCents: number,
): string | null {
  if (totalCents >= store.minimumCents) return null;
  return t('checkout.minimumNotReached', {
    store: store.name,
    minimum: formatCents(store.minimumCents, store.currency),
    missing: formatCents(store.minimumCents - totalCents, store.currency),
  });
}
