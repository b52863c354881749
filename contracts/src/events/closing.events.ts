import { z } from 'zod';
import { defineEvent } from './define.js';

/** The transaction and its parties, as the purchase events carry them (marketplace.events.ts). */
const purchaseParties = {
  transactionId: z.uuid(),
  refVenta: z.string(),
  buyerId: z.string(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  buyerMobile: z.string().nullable(),
  storeId: z.uuid(),
  storeName: z.string(),
  storeMobile: z.string().nullable(),
  currency: z.enum(['COP', 'MXN']),
  totalCents: z.number().int(),
};

/**
 * Closing the sale (issue #13 part A): the seller's decision on an order, payments recorded by hand and their
 * reversals, delivery, returns (derecho de retracto) and advisers. Notifications and analytics read them.
 */

export const OrderConfirmedBySeller = defineEvent({
  name: 'OrderConfirmedBySeller',
  context: 'marketplace',
  description: 'A seller confirmed stock and price of an order: the buyer is asked to pay (until paymentDueAt).',
  payload: z.object({ ...purchaseParties, paymentDueAt: z.string().nullable() }),
});

export const OrderRejectedBySeller = defineEvent({
  name: 'OrderRejectedBySeller',
  context: 'marketplace',
  description: 'A seller rejected an order, saying why; its stock went back to the store and the buyer is told the reason.',
  payload: z.object({ ...purchaseParties, reason: z.string() }),
});

export const ManualPaymentRecorded = defineEvent({
  name: 'ManualPaymentRecorded',
  context: 'marketplace',
  description:
    'A store or an operator recorded a payment received outside the gateway (cash on delivery, transfer, Nequi, Daviplata, SPEI, OXXO).',
  payload: z.object({
    ...purchaseParties,
    transactionPaidId: z.uuid(),
    paymentType: z.string(),
    amountCents: z.number().int(),
    receivedAt: z.string(),
    recordedBy: z.string(),
  }),
});

export const PaymentReversed = defineEvent({
  name: 'PaymentReversed',
  context: 'marketplace',
  description: "A payment of a transaction was reversed with its reason (the record stays); the transaction's paid state follows.",
  payload: z.object({
    ...purchaseParties,
    transactionPaidId: z.uuid(),
    amountCents: z.number().int(),
    reason: z.string(),
    stillPaid: z.boolean(),
  }),
});

export const PurchaseDelivered = defineEvent({
  name: 'PurchaseDelivered',
  context: 'marketplace',
  description: 'The store delivered a paid purchase: the return window (derecho de retracto) starts; the buyer may be asked to rate.',
  payload: z.object({ ...purchaseParties, deliveredAt: z.string(), returnDeadline: z.string() }),
});

export const ReturnRequested = defineEvent({
  name: 'ReturnRequested',
  context: 'marketplace',
  description: 'A buyer asked to return a delivered purchase within the window; the seller decides.',
  payload: z.object({ ...purchaseParties, returnId: z.uuid(), reason: z.string() }),
});

export const ReturnDecided = defineEvent({
  name: 'ReturnDecided',
  context: 'marketplace',
  description: 'The seller accepted (stock back, payments reversed, transaction returned) or rejected a return request, with a reason.',
  payload: z.object({ ...purchaseParties, returnId: z.uuid(), accepted: z.boolean(), reason: z.string().nullable() }),
});

export const AdviserAssigned = defineEvent({
  name: 'AdviserAssigned',
  context: 'marketplace',
  description: 'An operator assigned an adviser to a transaction; it shows in the adviser’s queue.',
  payload: z.object({
    transactionId: z.uuid(),
    refVenta: z.string(),
    storeId: z.uuid(),
    adviserId: z.string(),
    previousAdviserId: z.string().nullable(),
  }),
});
