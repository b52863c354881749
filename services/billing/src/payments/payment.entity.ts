import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PAYMENT_STATUSES, type Currency, type TransactionType } from '@tuerca/contracts';
import { ChargingPlan } from '../plans/charging-plan.entity.js';

export const PAYMENT_PURPOSES = ['plan', 'marketplace'] as const;
export const MARKETPLACE_PAYMENT_KINDS = ['checkout', 'link'] as const;

/**
 * A payment through the gateway: PENDING until the gateway's signed event moves it, once, to its final
 * state. A plan payment credits consultations; a marketplace payment pays a marketplace transaction and
 * expires unpaid at `expiresAt` (the row is that duty; a job is its alarm clock).
 */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.uuid().primary(),
    reference: p.text().unique('payments_reference_key'),
    purpose: p.enum(PAYMENT_PURPOSES),
    /** Who pays: the plan's buyer, or the marketplace transaction's buyer. */
    userId: p.text(),
    plan: () => p.manyToOne(ChargingPlan).fieldName('plan_id').foreignKeyName('payments_plan_id_fkey').deleteRule('no action').nullable(),
    type: p.text().$type<TransactionType>().nullable(),
    consultations: p.integer().nullable(),
    validityDays: p.integer().nullable(),
    amountInCents: p.bigint('number').check('amount_in_cents > 0'),
    currency: p.text().$type<Currency>(),
    status: p.enum(PAYMENT_STATUSES),
    gatewayTransactionId: p.text().nullable(),
    balanceId: p.uuid().nullable(),
    transactionId: p.uuid().nullable(),
    refVenta: p.text().nullable(),
    storeId: p.uuid().nullable(),
    storeName: p.text().nullable(),
    returnUrl: p.text().nullable(),
    kind: p.enum(MARKETPLACE_PAYMENT_KINDS).nullable(),
    expiresAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    finalizedAt: p.datetime().nullable(),
  },
  checks: [
    {
      name: 'payments_purpose_fields_check',
      expression: `(purpose = 'plan' and plan_id is not null and type is not null and consultations is not null and validity_days is not null)
        or (purpose = 'marketplace' and transaction_id is not null and ref_venta is not null and store_id is not null
            and store_name is not null and return_url is not null and kind is not null and expires_at is not null)`,
    },
  ],
  indexes: [
    { name: 'payments_user', expression: 'create index payments_user on payments (user_id, created_at desc)' },
    { name: 'payments_approved_finalized_at', properties: ['finalizedAt'], where: `status = 'APPROVED'` },
    {
      name: 'payments_transaction',
      expression: 'create index payments_transaction on payments (transaction_id, created_at desc) where transaction_id is not null',
    },
    { name: 'payments_pending_expiry', properties: ['expiresAt'], where: `status = 'PENDING' and expires_at is not null` },
  ],
  uniques: [
    // One gateway transaction pays one payment: a genuine event re-pointed at another reference is refused.
    { name: 'payments_gateway_transaction', properties: ['gatewayTransactionId'], where: 'gateway_transaction_id is not null' },
    // One open payment per marketplace transaction.
    { name: 'payments_open_transaction', properties: ['transactionId'], where: `status = 'PENDING'` },
  ],
});
export type Payment = InferEntity<typeof Payment>;

/** Every event the gateway sent, with what it did (rejected ones too), for operators and audits. */
export const PaymentEvent = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    payment: () =>
      p.manyToOne(Payment).fieldName('payment_id').foreignKeyName('payment_events_payment_id_fkey').deleteRule('no action').nullable(),
    reference: p.text().nullable(),
    status: p.text().nullable(),
    outcome: p.text(),
    payload: p.json<unknown>().columnType('jsonb'),
    receivedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    { name: 'payment_events_payment', properties: ['payment', 'receivedAt'], where: 'payment_id is not null' },
    { name: 'payment_events_reference', properties: ['reference', 'receivedAt'] },
  ],
});
export type PaymentEvent = InferEntity<typeof PaymentEvent>;
