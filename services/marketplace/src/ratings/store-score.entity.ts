import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Store } from '../stores/store.entity.js';
import { Transaction } from '../purchases/transaction.entity.js';

/**
 * A score record (spec 000 §3 "score ... records: fields not shown"): the request made to the buyer of a delivered
 * purchase — how many times and when last — and, once given, the rating (1–5, a comment). One per purchase; a
 * rating is final once given.
 */
export const StoreScore = defineEntity({
  name: 'StoreScore',
  tableName: 'store_scores',
  properties: {
    id: p.uuid().primary(),
    transaction: () =>
      p
        .manyToOne(Transaction)
        .fieldName('transaction_id')
        .foreignKeyName('store_scores_transaction_id_fkey')
        .unique('store_scores_transaction_id_key'),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('store_scores_store_id_fkey'),
    buyerId: p.text(),
    score: p.smallint().nullable().check('score >= 1 and score <= 5'),
    comment: p.text().nullable(),
    requests: p.integer().default(1).check('requests >= 1'),
    lastRequestedAt: p.datetime(),
    ratedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [
    { name: 'store_scores_buyer', expression: 'create index store_scores_buyer on store_scores (buyer_id, created_at desc)' },
    { name: 'store_scores_store', expression: 'create index store_scores_store on store_scores (store_id, created_at desc)' },
  ],
});
export type StoreScore = InferEntity<typeof StoreScore>;
