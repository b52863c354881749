import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A deleted product remembered by the projection, so a late ProductUpdated does not bring it back. */
export const ProductSearchTombstone = defineEntity({
  name: 'ProductSearchTombstone',
  tableName: 'product_search_tombstones',
  properties: {
    productId: p.uuid().primary(),
    eventAt: p.datetime(),
  },
});
export type ProductSearchTombstone = InferEntity<typeof ProductSearchTombstone>;
