import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CancelReason, PurchaseVehicle, ShippingSnapshot, StockState, TransactionChannel, TransactionState } from '@tuerca/contracts';
import { Quotation } from '../quotations/quotation.entity.js';
import { Store } from '../stores/store.entity.js';

/**
 * A transaction (spec 000 §3 "Transaction/cart header: id, ref_venta, total"): the lines of one store a
 * checkout turned into a purchase, with its totals in integer minor units (IVA included), its state, the
 * stock it holds, its open payment request and what the buyer attached (address snapshot, vehicle).
 */
export const Transaction = defineEntity({
  name: 'Transaction',
  tableName: 'transactions',
  properties: {
    id: p.uuid().primary(),
    refVenta: p.text().unique('transactions_ref_venta_key'),
    buyerId: p.text(),
    /** The buyer as the session knew them at checkout: who the store and the messages address. */
    buyerName: p.text().nullable(),
    buyerEmail: p.text().nullable(),
    buyerMobile: p.text().nullable(),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('transactions_store_id_fkey'),
    channel: p.text().$type<TransactionChannel>().check(`channel in ('online', 'order', 'link', 'quotation')`),
    state: p
      .text()
      .$type<TransactionState>()
      .check(`state in ('awaiting_confirmation', 'pending_payment', 'paid', 'cancelled', 'returned')`),
    currency: p.text().$type<'COP' | 'MXN'>().check(`currency in ('COP', 'MXN')`),
    country: p.text().$type<'CO' | 'MX'>().check(`country in ('CO', 'MX')`),
    subtotalCents: p.bigint('number').check('subtotal_cents >= 0'),
    discountCents: p.bigint('number').defaultRaw('0').check('discount_cents >= 0'),
    totalCents: p.bigint('number').check('total_cents >= 0'),
    ivaRate: p.smallint(),
    ivaCents: p.bigint('number'),
    comment: p.text().defaultRaw(`''`),
    termsAcceptedAt: p.datetime().nullable(),
    /** The request (Idempotency-Key or request id) that made it: a repeated request answers this transaction. */
    requestKey: p.text().nullable(),
    quotation: () =>
      p.manyToOne(Quotation).fieldName('quotation_id').foreignKeyName('transactions_quotation_id_fkey').deleteRule('no action').nullable(),
    stockState: p.text().$type<StockState>().check(`stock_state in ('reserved', 'released', 'committed', 'none')`),
    /** Until when the reserved stock waits unpaid; the reservation job and sweep release it after. */
    reservationExpiresAt: p.datetime().nullable(),
    paymentReference: p.text().nullable(),
    paymentKind: p.text().$type<'checkout' | 'link'>().nullable().check(`payment_kind in ('checkout', 'link')`),
    paymentCheckoutUrl: p.text().nullable(),
    paymentExpiresAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelReason: p
      .text()
      .$type<CancelReason>()
      .nullable()
      .check(`cancel_reason in ('buyer', 'payment_declined', 'payment_expired', 'reservation_expired', 'seller_rejected')`),
    /** Money arrived that could not be applied (the purchase could no longer be honoured): to be returned. */
    refundDue: p.boolean().default(false),
    shippingAddress: p.json<ShippingSnapshot>().columnType('jsonb').nullable(),
    shippingSetAt: p.datetime().nullable(),
    vehicle: p.json<PurchaseVehicle>().columnType('jsonb').nullable(),
    /** The seller's decision on an order (confirmed or rejected), and why it was rejected (issue #13). */
    sellerDecidedAt: p.datetime().nullable(),
    sellerRejectionReason: p.text().nullable(),
    /** When the store delivered it: the return window (derecho de retracto) counts from here. */
    deliveredAt: p.datetime().nullable(),
    /** The adviser an operator assigned, and the follow-up they keep. */
    adviserId: p.text().nullable(),
    adviserAssignedAt: p.datetime().nullable(),
    followUpState: p
      .text()
      .$type<'open' | 'contacted' | 'resolved'>()
      .nullable()
      .check(`follow_up_state in ('open', 'contacted', 'resolved')`),
    buyerUnread: p.boolean().default(false),
    sellerUnread: p.boolean().default(true),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [
    { name: 'transactions_buyer', expression: 'create index transactions_buyer on transactions (buyer_id, created_at desc, id)' },
    { name: 'transactions_store', expression: 'create index transactions_store on transactions (store_id, created_at desc, id)' },
    // The reservation sweep's work list: held stock whose window ends.
    { name: 'transactions_reservations', properties: ['reservationExpiresAt'], where: `stock_state = 'reserved'` },
    { name: 'transactions_buyer_unread', properties: ['buyerId'], where: 'buyer_unread' },
    {
      name: 'transactions_adviser',
      expression: 'create index transactions_adviser on transactions (adviser_id, updated_at desc) where adviser_id is not null',
    },
    { name: 'transactions_seller_unread', properties: ['store'], where: 'seller_unread' },
  ],
  uniques: [
    // A request (Idempotency-Key) makes its transactions once: the second answer is the first one.
    { name: 'transactions_request', properties: ['buyerId', 'requestKey', 'store', 'channel'], where: 'request_key is not null' },
    // An answered quotation is ordered once (a cancelled order frees it).
    { name: 'transactions_quotation', properties: ['quotation'], where: `quotation_id is not null and state <> 'cancelled'` },
  ],
});
export type Transaction = InferEntity<typeof Transaction>;
