import { z } from 'zod';
import '../http/zod-es.js';
import { t, type MessageKey } from '../messages/format.js';
import { TRANSACTION_STATES, transactionViewSchema } from './purchase.js';

/**
 * Closing the sale (issue #13 part A): what a seller, an adviser and an operator do once a purchase exists.
 * Spec 000 §3 "paid transaction, score and adviser records: fields not shown" — the fields below are Tuerca's
 * design (services/marketplace/README.md, "Closing the sale"); §6 typeUser and the adviser of a transaction;
 * §7 "Cart and transactions". Money is integer cents.
 */

const uuid = (message = t('validation.invalidValue')) => z.string({ error: t('validation.fieldRequired') }).uuid({ error: message });
const camel = (code: string) => code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

// ----------------------------------------------------------------------------------------------------------
// Paid transactions (payments received outside the gateway)

/**
 * The closed list of payment types a store or an operator records by hand, per country (issue #13: "cash on
 * delivery, bank transfer, Nequi/Daviplata in CO, SPEI or OXXO in MX — the payment type is a closed list").
 */
export const MANUAL_PAYMENT_TYPES = {
  CO: ['cash_on_delivery', 'bank_transfer', 'nequi', 'daviplata'],
  MX: ['cash_on_delivery', 'bank_transfer', 'spei', 'oxxo'],
} as const;
export const PAYMENT_TYPES = ['cash_on_delivery', 'bank_transfer', 'nequi', 'daviplata', 'spei', 'oxxo'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export function paymentTypeAllowed(country: 'CO' | 'MX', type: PaymentType): boolean {
  return (MANUAL_PAYMENT_TYPES[country] as readonly string[]).includes(type);
}

/** 'Pago contra entrega', 'Nequi', 'SPEI'… */
export function paymentTypeText(type: PaymentType): string {
  return t(`closing.paymentTypes.${camel(type)}` as MessageKey);
}

/** POST /api/cart/TransactionPaid/makeTransactionPaid. */
export const makeTransactionPaidBodySchema = z.object({
  transactionId: uuid(t('errors.notFound')),
  paymentType: z.enum(PAYMENT_TYPES, { error: t('closing.paymentTypeInvalid') }),
  /** Default: what is still owed. */
  amountCents: z
    .number({ error: t('closing.amountInvalid') })
    .int({ error: t('closing.amountInvalid') })
    .positive({ error: t('closing.amountInvalid') })
    .max(100_000_000_000, { error: t('closing.amountInvalid') })
    .optional(),
  /** The receipt, transfer or voucher number (free text). */
  reference: z.string().trim().max(100).default(''),
  /** When the money was received (default: now); not in the future. */
  receivedAt: z.iso.datetime({ offset: true, error: t('validation.invalidDate') }).optional(),
  notes: z.string().trim().max(500).default(''),
});
export type MakeTransactionPaidBody = z.infer<typeof makeTransactionPaidBodySchema>;

const reason = z
  .string({ error: t('closing.reasonRequired') })
  .trim()
  .min(5, { error: t('closing.reasonRequired') })
  .max(500);

/** POST /api/cart/TransactionPaid/reversePaymentTypeTransactions: a reversal with its reason, never a delete. */
export const reversePaymentBodySchema = z.object({
  transactionPaidId: uuid(t('errors.notFound')),
  reason,
});

/** PATCH /api/cart/transactionPaid/{id}: a manual record's reference, notes or date (the amount never: reverse and record again). */
export const updateTransactionPaidBodySchema = z
  .object({
    reference: z.string().trim().max(100).optional(),
    notes: z.string().trim().max(500).optional(),
    receivedAt: z.iso.datetime({ offset: true, error: t('validation.invalidDate') }).optional(),
  })
  .refine((b) => b.reference !== undefined || b.notes !== undefined || b.receivedAt !== undefined, {
    error: t('closing.nothingToChange'),
  });

export const transactionPaidFilterSchema = z.object({
  transactionId: uuid().optional(),
  storeId: uuid().optional(),
  paymentType: z.enum(PAYMENT_TYPES, { error: t('closing.paymentTypeInvalid') }).optional(),
  source: z.enum(['gateway', 'manual']).optional(),
  reversed: z.boolean().optional(),
  from: z.iso.date({ error: t('validation.invalidDate') }).optional(),
  to: z.iso.date({ error: t('validation.invalidDate') }).optional(),
});
export type TransactionPaidFilter = z.infer<typeof transactionPaidFilterSchema>;

/** A paid-transaction record: one payment received for a transaction (gateway or manual), reversed or not. */
export const transactionPaidSchema = z.object({
  id: z.uuid(),
  transactionId: z.uuid(),
  refVenta: z.string(),
  storeId: z.uuid(),
  storeName: z.string(),
  transactionState: z.enum(TRANSACTION_STATES),
  source: z.enum(['gateway', 'manual']),
  /** The closed list's type for manual records; null for gateway payments (their `method` is the gateway's). */
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
  /** Spanish: 'Pago contra entrega', or the gateway's method. */
  paymentTypeText: z.string(),
  method: z.string(),
  amountCents: z.number().int(),
  currency: z.enum(['COP', 'MXN']),
  reference: z.string(),
  notes: z.string(),
  receivedAt: z.string(),
  recordedBy: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
  reversedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TransactionPaid = z.infer<typeof transactionPaidSchema>;

// ----------------------------------------------------------------------------------------------------------
// The seller's decision on an order, delivery

/** PATCH .../{id}/confirmOrder: the seller confirms stock and price (the buyer is asked to pay) or rejects, saying why. */
export const confirmOrderBodySchema = z
  .object({ confirmed: z.boolean({ error: t('validation.fieldRequired') }), reason: z.string().trim().max(500).optional() })
  .superRefine((b, ctx) => {
    if (!b.confirmed && (!b.reason || b.reason.length < 5))
      ctx.addIssue({ code: 'custom', path: ['reason'], message: t('closing.rejectReasonRequired') });
  });

// ----------------------------------------------------------------------------------------------------------
// Wallet

/** What the wallet's unread marks are about: the store's sales, or the buyers' return requests. */
export const WALLET_SCENARIOS = ['sales', 'returns'] as const;
export type WalletScenario = (typeof WALLET_SCENARIOS)[number];

const scenario = z.enum(WALLET_SCENARIOS, { error: t('closing.scenarioInvalid') });
export const changeReadInWalletBodySchema = z.object({ scenario, isRead: z.boolean().default(true) });
/** Operators name the store (sellers: always their own). */
export const changeReadInWalletAllBodySchema = z.object({ scenario, storeId: uuid().optional() });
/** §6: "a typeUser filter on mark-all-read": the buyer's purchases or the seller's sales. */
export const changeReadStatusAllBodySchema = z.object({ typeUser: z.enum(['buyer', 'seller'], { error: t('closing.typeUserInvalid') }) });

export const WALLET_PERIODS = ['today', '7d', '30d', 'month', 'year', 'custom'] as const;
export const walletFilterSchema = z
  .object({
    period: z.enum(WALLET_PERIODS, { error: t('closing.periodInvalid') }).default('30d'),
    from: z.iso.date({ error: t('validation.invalidDate') }).optional(),
    to: z.iso.date({ error: t('validation.invalidDate') }).optional(),
    state: z.enum(TRANSACTION_STATES).optional(),
    /** Operators: one store, or all when absent. Sellers: their own (another store's is 403). */
    storeId: uuid().optional(),
  })
  .superRefine((f, ctx) => {
    if (f.period === 'custom' && (!f.from || !f.to)) ctx.addIssue({ code: 'custom', path: ['from'], message: t('closing.periodInvalid') });
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: t('closing.periodInvalid') });
  });
export type WalletFilter = z.infer<typeof walletFilterSchema>;

export const walletIndicatorsSchema = z.object({
  storeId: z.uuid().nullable(),
  period: z.object({ from: z.string(), to: z.string() }),
  /** Per currency (an operator's "all stores" mixes COP and MXN; they are never added together). */
  totals: z.array(
    z.object({
      currency: z.enum(['COP', 'MXN']),
      /** Every transaction in the period (with the state filter). */
      count: z.number().int(),
      byState: z.array(z.object({ state: z.enum(TRANSACTION_STATES), count: z.number().int(), valueCents: z.number().int() })),
      /** Paid sales: count, value and average ticket. */
      salesCount: z.number().int(),
      salesValueCents: z.number().int(),
      averageTicketCents: z.number().int(),
      /** Paid sales per day (the store's local date), oldest first. */
      salesPerDay: z.array(z.object({ day: z.string(), count: z.number().int(), valueCents: z.number().int() })),
    }),
  ),
  /** Orders waiting for the seller's confirmation (now, whatever the period). */
  pendingConfirmations: z.number().int(),
  unread: z.object({ sales: z.number().int(), returns: z.number().int() }),
  /** Return requests waiting for the seller's decision. */
  openReturns: z.number().int(),
});
export type WalletIndicators = z.infer<typeof walletIndicatorsSchema>;

// ----------------------------------------------------------------------------------------------------------
// Returns (derecho de retracto)

export const RETURN_STATES = ['requested', 'accepted', 'rejected'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const requestReturnBodySchema = z.object({
  reason: z
    .string({ error: t('closing.returnReasonRequired') })
    .trim()
    .min(5, { error: t('closing.returnReasonRequired') })
    .max(1000),
});
export const decideReturnBodySchema = z
  .object({ accepted: z.boolean({ error: t('validation.fieldRequired') }), reason: z.string().trim().max(1000).optional() })
  .superRefine((b, ctx) => {
    if (!b.accepted && (!b.reason || b.reason.length < 5))
      ctx.addIssue({ code: 'custom', path: ['reason'], message: t('closing.rejectReasonRequired') });
  });

export const returnViewSchema = z.object({
  id: z.uuid(),
  transactionId: z.uuid(),
  refVenta: z.string(),
  storeId: z.uuid(),
  storeName: z.string(),
  buyerId: z.string(),
  state: z.enum(RETURN_STATES),
  reason: z.string(),
  decisionReason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  totalCents: z.number().int(),
  currency: z.enum(['COP', 'MXN']),
  /** The store side has not opened this request yet (the wallet's 'returns' unread mark). */
  sellerUnread: z.boolean(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

/** loadTransactionReturns: the window (delivery, last day) and the transaction's return requests. */
export const transactionReturnsSchema = z.object({
  transactionId: z.uuid(),
  deliveredAt: z.string().nullable(),
  /** The window's length for the store's country (app parameter), in business days. */
  windowBusinessDays: z.number().int(),
  /** The end of the last day a return may be asked for (store's local time), null until delivered. */
  deadline: z.string().nullable(),
  canRequest: z.boolean(),
  /** Spanish: why a return cannot be asked for now, or null. */
  problem: z.string().nullable(),
  returns: z.array(returnViewSchema),
});
export type TransactionReturns = z.infer<typeof transactionReturnsSchema>;

// ----------------------------------------------------------------------------------------------------------
// Advisers

export const FOLLOW_UP_STATES = ['open', 'contacted', 'resolved'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

export const registerAdviserBodySchema = z.object({ adviser_id: uuid(t('closing.adviserUnknown')) });
export const adviserFollowUpBodySchema = z
  .object({
    note: z.string().trim().min(1).max(1000).optional(),
    followUpState: z.enum(FOLLOW_UP_STATES, { error: t('closing.followUpStateInvalid') }).optional(),
  })
  .refine((b) => b.note !== undefined || b.followUpState !== undefined, { error: t('closing.nothingToChange') });

export const transactionNoteSchema = z.object({
  id: z.uuid(),
  authorId: z.string(),
  authorRole: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export const adviserSchema = z.object({ id: z.string(), email: z.string().nullable(), active: z.boolean() });

// ----------------------------------------------------------------------------------------------------------
// The operator console's transactions

export const adminTransactionFilterSchema = z.strictObject({
  id: z.union([z.string(), z.array(z.string())]).optional(),
  q: z.string().trim().max(100).optional(),
  state: z.enum(TRANSACTION_STATES).optional(),
  storeId: uuid().optional(),
  /** An adviser's id, or 'me' (the adviser's queue). */
  adviserId: z.string().trim().max(60).optional(),
  from: z.iso.date({ error: t('validation.invalidDate') }).optional(),
  to: z.iso.date({ error: t('validation.invalidDate') }).optional(),
  channel: z.enum(['online', 'order', 'link', 'quotation']).optional(),
  sellerUnread: z.boolean().optional(),
});
export type AdminTransactionFilter = z.infer<typeof adminTransactionFilterSchema>;

export const timelineEntrySchema = z.object({ at: z.string(), kind: z.string(), text: z.string() });

/** A transaction as the operator console shows it: the buyer's view plus the sellers' side. */
export const adminTransactionSchema = transactionViewSchema.extend({
  storeId: z.uuid(),
  storeName: z.string(),
  buyerName: z.string().nullable(),
  adviserId: z.string().nullable(),
  adviserAssignedAt: z.string().nullable(),
  followUpState: z.enum(FOLLOW_UP_STATES).nullable(),
  sellerDecidedAt: z.string().nullable(),
  sellerRejectionReason: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  sellerUnread: z.boolean(),
  paidCents: z.number().int(),
  notes: z.array(transactionNoteSchema),
  returns: z.array(returnViewSchema),
  timeline: z.array(timelineEntrySchema),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const adminReturnFilterSchema = z.strictObject({
  id: z.union([z.string(), z.array(z.string())]).optional(),
  state: z.enum(RETURN_STATES).optional(),
  storeId: uuid().optional(),
  transactionId: uuid().optional(),
  sellerUnread: z.boolean().optional(),
});
export const adminTransactionPaidFilterSchema = z.strictObject({
  id: z.union([z.string(), z.array(z.string())]).optional(),
  transactionId: uuid().optional(),
  storeId: uuid().optional(),
  paymentType: z.enum(PAYMENT_TYPES).optional(),
  source: z.enum(['gateway', 'manual']).optional(),
  reversed: z.boolean().optional(),
});
