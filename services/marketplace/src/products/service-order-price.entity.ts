import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SERVICE_ORDER_PRICE_TYPES } from '@tuerca/contracts';
import { Product } from './product.entity.js';

/**
 * A workshop's saved service-order price for a product (spec 000 §3 "Service order model: type_price,
 * price, utility (%), total"): one per person and product.
 */
export const ServiceOrderPrice = defineEntity({
  name: 'ServiceOrderPrice',
  tableName: 'service_order_prices',
  properties: {
    userId: p.text().primary(),
    product: () => p.manyToOne(Product).primary().fieldName('product_id').foreignKeyName('service_order_prices_product_id_fkey'),
    typePrice: p
      .text()
      .$type<(typeof SERVICE_ORDER_PRICE_TYPES)[number]>()
      .check(`type_price in ('no_utility', 'price_with_utility', 'manual_price')`),
    price: p.decimal('number').precision(14).scale(2),
    utility: p.decimal('number').precision(5).scale(2).nullable(),
    total: p.decimal('number').precision(14).scale(2).nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  primaryKeys: ['userId', 'product'],
});
export type ServiceOrderPrice = InferEntity<typeof ServiceOrderPrice>;
