import { z } from 'zod';
import { defineEvent } from './define.js';
import { meteredKindSchema } from '../billing/metering.js';
import { currencySchema, transactionTypeSchema } from '../billing/plans.js';

const owner = z.object({ kind: z.enum(['guest', 'user']), id: z.string() });

export const ConsultationConsumed = defineEvent({
  name: 'ConsultationConsumed',
  context: 'billing',
  description: 'A metered lookup (substitutions, catalogue, plate) was served and counted; chargedFrom says what paid for it.',
  payload: z.object({
    consumptionId: z.uuid(),
    owner,
    kind: meteredKindSchema,
    subject: z.string(),
    storeId: z.string().nullable(),
    chargedFrom: z.enum(['free', 'balance', 'general']),
    balanceId: z.uuid().nullable(),
    requestId: z.string(),
  }),
});

export const ConsultationRefunded = defineEvent({
  name: 'ConsultationRefunded',
  context: 'billing',
  description:
    'A charged consultation was given back because the answer it paid for failed (the compensating step); the balance it spent is restored.',
  payload: z.object({
    consumptionId: z.uuid(),
    owner,
    kind: meteredKindSchema,
    subject: z.string(),
    storeId: z.string().nullable(),
    chargedFrom: z.enum(['free', 'balance', 'general']),
    balanceId: z.uuid().nullable(),
    /** Whether the consultation went back to its balance (not when the balance expired meanwhile). */
    restored: z.boolean(),
    requestId: z.string(),
    /** When the refunded consultation was consumed (the counters take it off that day). */
    consumedAt: z.iso.datetime({ offset: true }),
    reason: z.string(),
  }),
});

export const ConsultationsCredited = defineEvent({
  name: 'ConsultationsCredited',
  context: 'billing',
  description: 'A balance of consultations was credited (plan purchase, trial or manual credit) with its expiry.',
  payload: z.object({
    balanceId: z.uuid(),
    userId: z.string(),
    type: transactionTypeSchema,
    amount: z.number().int(),
    expiresAt: z.iso.datetime({ offset: true }),
    source: z.enum(['purchase', 'trial', 'manual']),
    reason: z.string().nullable(),
  }),
});

export const ConsultationsExpired = defineEvent({
  name: 'ConsultationsExpired',
  context: 'billing',
  description: 'A balance reached its expiry with consultations left; they are no longer usable.',
  payload: z.object({ balanceId: z.uuid(), userId: z.string(), type: transactionTypeSchema, remaining: z.number().int() }),
});

export const ConsultationsExpiringSoon = defineEvent({
  name: 'ConsultationsExpiringSoon',
  context: 'billing',
  description: 'Reminder: a balance with consultations left expires in a few days (notifications tell the person).',
  payload: z.object({
    balanceId: z.uuid(),
    userId: z.string(),
    type: transactionTypeSchema,
    remaining: z.number().int(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
});

export const PlanPurchased = defineEvent({
  name: 'PlanPurchased',
  context: 'billing',
  description: 'A plan payment was approved by the gateway and its consultations credited.',
  payload: z.object({
    paymentId: z.uuid(),
    reference: z.string(),
    userId: z.string(),
    planId: z.uuid(),
    type: transactionTypeSchema,
    amount: z.number().int(),
    priceInCents: z.number().int(),
    currency: currencySchema,
  }),
});

export const PaymentDeclined = defineEvent({
  name: 'PaymentDeclined',
  context: 'billing',
  description: 'A plan payment ended declined, voided or in error at the gateway.',
  payload: z.object({ paymentId: z.uuid(), reference: z.string(), userId: z.string(), status: z.string() }),
});

export const AppParameterChanged = defineEvent({
  name: 'AppParameterChanged',
  context: 'billing',
  description: 'An operator changed an app parameter (thresholds, flags); says who and from what.',
  payload: z.object({ name: z.string(), value: z.unknown(), previous: z.unknown(), changedBy: z.string() }),
});

export const ChargingPlanChanged = defineEvent({
  name: 'ChargingPlanChanged',
  context: 'billing',
  description: 'A charging plan was created, changed, activated, deactivated or deleted.',
  payload: z.object({
    planId: z.uuid(),
    change: z.enum(['created', 'updated', 'deleted']),
    active: z.boolean(),
    type: transactionTypeSchema,
  }),
});

/** A payment of a marketplace transaction (online purchase or payment link) was approved by the gateway. */
export const MarketplacePaymentApproved = defineEvent({
  name: 'MarketplacePaymentApproved',
  context: 'billing',
  description: 'The gateway approved the payment of a marketplace transaction; the marketplace marks it paid (once).',
  payload: z.object({
    paymentId: z.uuid(),
    paymentReference: z.string(),
    transactionId: z.uuid(),
    buyerId: z.string(),
    amountInCents: z.number().int(),
    currency: currencySchema,
    gateway: z.string(),
    gatewayTransactionId: z.string().nullable(),
    approvedAt: z.iso.datetime({ offset: true }),
  }),
});

/** A payment of a marketplace transaction ended without money: declined, voided, in error, or expired unpaid. */
export const MarketplacePaymentFailed = defineEvent({
  name: 'MarketplacePaymentFailed',
  context: 'billing',
  description: 'The payment of a marketplace transaction ended declined, voided, in error or expired; the marketplace releases the stock.',
  payload: z.object({
    paymentId: z.uuid(),
    paymentReference: z.string(),
    transactionId: z.uuid(),
    buyerId: z.string(),
    status: z.enum(['DECLINED', 'VOIDED', 'ERROR', 'EXPIRED']),
  }),
});
