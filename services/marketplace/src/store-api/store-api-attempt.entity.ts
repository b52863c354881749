import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { StoreApiDelivery } from './store-api-delivery.entity.js';

/**
 * One attempt of a delivery, for the log: written when it starts (so an attempt cut short by a killed worker
 * stays visible, with no end) and completed with the answer's status or the error.
 */
export const StoreApiAttempt = defineEntity({
  name: 'StoreApiAttempt',
  tableName: 'store_api_attempts',
  properties: {
    id: p.uuid().primary(),
    delivery: () => p.manyToOne(StoreApiDelivery).fieldName('delivery_id').foreignKeyName('store_api_attempts_delivery_id_fkey'),
    attempt: p.integer(),
    startedAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
    statusCode: p.integer().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer().nullable(),
  },
  uniques: [{ name: 'store_api_attempts_delivery', properties: ['delivery', 'attempt'] }],
});
export type StoreApiAttempt = InferEntity<typeof StoreApiAttempt>;
