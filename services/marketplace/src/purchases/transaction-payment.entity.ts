import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PaymentType } from '@tuerca/contracts';
import { Transaction } from './transaction.entity.js';

/**
 * A payment received for a transaction. The transaction's paid state is derived from these rows (the sum of
 * the payments not reversed against its total), never set by hand: online payments arrive from billing's
 * events; payments recorded by a store or an operator, and reversals, come with the sellers' side.
 */
export const TransactionPayment = defineEntity({
  name: 'TransactionPayment',
  tableName: 'transaction_payments',
  properties: {
    id: p.uuid().primary(),
    transaction: () =>
      p
        .manyToOne(Transaction)
        .fieldName('transaction_id')
        .foreignKeyName('transaction_payments_transaction_id_fkey')
        .index('transaction_payments_transaction'),
    source: p.text().$type<'gateway' | 'manual'>().check(`source in ('gateway', 'manual')`),
    /** Billing's payment id (gateway payments); the record's own id for manual ones. */
    paymentId: p.text(),
    reference: p.text(),
    amountCents: p.bigint('number').check('amount_cents > 0'),
    currency: p.text(),
    method: p.text(),
    gatewayTransactionId: p.text().nullable(),
    receivedAt: p.datetime(),
    reversedAt: p.datetime().nullable(),
    reversalReason: p.text().nullable(),
    /** Manual records (issue #13): the closed list's type, notes, who recorded and who reversed. */
    paymentType: p
      .text()
      .$type<PaymentType>()
      .nullable()
      .check(`payment_type in ('cash_on_delivery', 'bank_transfer', 'nequi', 'daviplata', 'spei', 'oxxo')`),
    notes: p.text().defaultRaw(`''`),
    recordedBy: p.text().nullable(),
    reversedBy: p.text().nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  // A payment counts once, however often the gateway's approval is replayed.
  uniques: [{ name: 'transaction_payments_payment', properties: ['source', 'paymentId'] }],
});
export type TransactionPayment = InferEntity<typeof TransactionPayment>;
