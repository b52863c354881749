import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A store's brand label mapped to a PIES brand, as integrations announced it (BrandMappingSaved /
 * BrandMappingRemoved): a store's PIES import resolves its items' brand labels through it.
 */
export const BrandMapping = defineEntity({
  name: 'BrandMapping',
  tableName: 'brand_mappings',
  properties: {
    id: p.uuid().primary(),
    storeId: p.uuid(),
    /** brandLabelKey of the store's label: how a row's brand is matched. */
    brandKey: p.text(),
    productBrand: p.text(),
    brandAaiaid: p.text().fieldName('brand_aaiaid'),
    brandName: p.text(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'brand_mappings_store_key', properties: ['storeId', 'brandKey'] }],
});
export type BrandMapping = InferEntity<typeof BrandMapping>;
