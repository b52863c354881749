import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { searchGenerationTrigger } from '../search/search-generation.entity.js';

/**
 * Read model: a store's ratings as results show them next to its name (count and sum; the average is sum / count),
 * kept by the consumer of StoreRated (group `marketplace.store-ratings`); replaying the log rebuilds it.
 */
export const StoreRatingSummary = defineEntity({
  name: 'StoreRatingSummary',
  tableName: 'store_rating_summaries',
  properties: {
    storeId: p.uuid().primary(),
    ratingsCount: p.integer().default(0),
    ratingsSum: p.integer().default(0),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  triggers: [searchGenerationTrigger('store_rating_summaries')],
});
export type StoreRatingSummary = InferEntity<typeof StoreRatingSummary>;
