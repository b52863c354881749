import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReturnState } from '@tuerca/contracts';
import { Transaction } from '../purchases/transaction.entity.js';

/** A buyer's return request (derecho de retracto) and the seller's decision. */
export const TransactionReturn = defineEntity({
  name: 'TransactionReturn',
  tableName: 'transaction_returns',
  properties: {
    id: p.uuid().primary(),
    transaction: () =>
      p
        .manyToOne(Transaction)
        .fieldName('transaction_id')
        .foreignKeyName('transaction_returns_transaction_id_fkey')
        .index('transaction_returns_transaction'),
    buyerId: p.text(),
    state: p.text().$type<ReturnState>().check(`state in ('requested', 'accepted', 'rejected')`),
    reason: p.text(),
    decisionReason: p.text().nullable(),
    requestedAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
    decidedBy: p.text().nullable(),
    sellerUnread: p.boolean().default(true),
  },
  // One request waits for the seller at a time.
  uniques: [{ name: 'transaction_returns_open', properties: ['transaction'], where: `state = 'requested'` }],
});
export type TransactionReturn = InferEntity<typeof TransactionReturn>;

/** An adviser's (or operator's) note on a transaction. */
export const TransactionNote = defineEntity({
  name: 'TransactionNote',
  tableName: 'transaction_notes',
  properties: {
    id: p.uuid().primary(),
    transaction: () => p.manyToOne(Transaction).fieldName('transaction_id').foreignKeyName('transaction_notes_transaction_id_fkey'),
    authorId: p.text(),
    authorRole: p.text(),
    text: p.text(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [{ name: 'transaction_notes_transaction', properties: ['transaction', 'createdAt'] }],
});
export type TransactionNote = InferEntity<typeof TransactionNote>;

/** Read model: the advisers identity announced (UserRegistered, UserUpdated) — who may be assigned to a transaction. */
export const Adviser = defineEntity({
  name: 'Adviser',
  tableName: 'advisers',
  properties: {
    userId: p.text().primary(),
    email: p.text().nullable(),
    active: p.boolean(),
    changedAt: p.datetime(),
  },
});
export type Adviser = InferEntity<typeof Adviser>;
