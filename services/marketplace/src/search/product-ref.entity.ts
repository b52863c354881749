import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProductSearch } from './product-search.entity.js';
import { searchGenerationTrigger } from './search-generation.entity.js';

/** Every normalised reference (1–3) of a visible product: exact and prefix part-number search. */
export const ProductRef = defineEntity({
  name: 'ProductRef',
  tableName: 'product_refs',
  properties: {
    ref: p.text().primary(),
    product: () =>
      p
        .manyToOne(ProductSearch)
        .primary()
        .fieldName('product_id')
        .deleteRule('cascade')
        .foreignKeyName('product_refs_product_id_fkey')
        .index('product_refs_product'),
  },
  primaryKeys: ['ref', 'product'],
  indexes: [{ name: 'product_refs_prefix', expression: 'create index product_refs_prefix on product_refs (ref text_pattern_ops)' }],
  triggers: [searchGenerationTrigger('product_refs')],
});
export type ProductRef = InferEntity<typeof ProductRef>;
