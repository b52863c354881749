import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { StoreApiDeliveryStatus, StoreApiEventType } from '@tuerca/contracts';
import { Store } from '../stores/store.entity.js';
import { Transaction } from '../purchases/transaction.entity.js';
import { StoreApiClient } from './store-api-client.entity.js';

/**
 * One event sent to one API client: the duty (pending until the client answers 2xx, then delivered; failed after
 * the last attempt; cancelled when the sync is removed or the client deactivated) and the bytes sent — every
 * attempt sends the same body under the same event id, so the store can de-duplicate. `lease_until` marks an
 * attempt in flight: another worker leaves it alone until then (a worker killed mid-delivery loses its lease).
 */
export const StoreApiDelivery = defineEntity({
  name: 'StoreApiDelivery',
  tableName: 'store_api_deliveries',
  properties: {
    id: p.uuid().primary(),
    eventId: p.uuid().unique('store_api_deliveries_event_id_key'),
    client: () => p.manyToOne(StoreApiClient).fieldName('client_id').foreignKeyName('store_api_deliveries_client_id_fkey'),
    transaction: () => p.manyToOne(Transaction).fieldName('transaction_id').foreignKeyName('store_api_deliveries_transaction_id_fkey'),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('store_api_deliveries_store_id_fkey'),
    type: p.text().$type<StoreApiEventType>().check(`type in ('order.placed', 'order.resent')`),
    body: p.text(),
    status: p.text().$type<StoreApiDeliveryStatus>().check(`status in ('pending', 'delivered', 'failed', 'cancelled')`),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().nullable(),
    leaseUntil: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    lastStatusCode: p.integer().nullable(),
    lastError: p.text().nullable(),
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
    { name: 'store_api_deliveries_due', properties: ['nextAttemptAt'], where: `status = 'pending'` },
    { name: 'store_api_deliveries_transaction', properties: ['transaction', 'createdAt'] },
    {
      name: 'store_api_deliveries_client',
      expression: 'create index store_api_deliveries_client on store_api_deliveries (client_id, created_at desc)',
    },
  ],
  uniques: [
    // A purchase is announced once to each client, however often its event is consumed.
    { name: 'store_api_deliveries_placed', properties: ['transaction', 'client'], where: `type = 'order.placed'` },
  ],
});
export type StoreApiDelivery = InferEntity<typeof StoreApiDelivery>;
