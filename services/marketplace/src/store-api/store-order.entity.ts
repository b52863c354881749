import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Store } from '../stores/store.entity.js';
import { Transaction } from '../purchases/transaction.entity.js';

/**
 * The store's side of one transaction: hidden from the store's list (changeOrderVisibility) and whether it is
 * still synced with the store's API (removeApiSync). No row: shown and synced.
 */
export const StoreOrder = defineEntity({
  name: 'StoreOrder',
  tableName: 'store_orders',
  properties: {
    transaction: () =>
      p
        .manyToOne(Transaction)
        .primary()
        .fieldName('transaction_id')
        .foreignKeyName('store_orders_transaction_id_fkey')
        .deleteRule('no action')
        .updateRule('no action'),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('store_orders_store_id_fkey'),
    hiddenAt: p.datetime().nullable(),
    apiSyncRemovedAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ name: 'store_orders_hidden', properties: ['store'], where: 'hidden_at is not null' }],
});
export type StoreOrder = InferEntity<typeof StoreOrder>;
