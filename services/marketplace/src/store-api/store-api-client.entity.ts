import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Store } from '../stores/store.entity.js';

/**
 * A store's API client (spec 000 §7 getClientsApi; fields "not shown": URL, secret, active). The secret signs
 * every webhook, so it must be readable by Tuerca: it is kept encrypted (AES-256-GCM, `secret-box.ts`), never in
 * clear, and answered only once, when it is set.
 */
export const StoreApiClient = defineEntity({
  name: 'StoreApiClient',
  tableName: 'store_api_clients',
  properties: {
    id: p.uuid().primary(),
    store: () =>
      p.manyToOne(Store).fieldName('store_id').foreignKeyName('store_api_clients_store_id_fkey').index('store_api_clients_store'),
    name: p.text(),
    url: p.text(),
    secretCiphertext: p.text(),
    secretHint: p.text(),
    active: p.boolean().default(true),
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
});
export type StoreApiClient = InferEntity<typeof StoreApiClient>;
