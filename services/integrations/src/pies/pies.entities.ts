import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One brand of Auto Care's brand table (PIES reference data). */
export const PiesBrand = defineEntity({
  name: 'PiesBrand',
  tableName: 'pies_brands',
  properties: {
    brandAaiaid: p.text().primary().fieldName('brand_aaiaid'),
    brandName: p.text(),
    /** brandLabelKey(brand_name): how labels are matched. */
    brandKey: p.text(),
    brandOwner: p.text().nullable(),
    parentCompany: p.text().nullable(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'pies_brands_key', properties: ['brandKey'] }],
});
export type PiesBrand = InferEntity<typeof PiesBrand>;

/** A store's own brand label mapped to a PIES brand (one mapping per label and store). */
export const BrandCompatibility = defineEntity({
  name: 'BrandCompatibility',
  tableName: 'brand_compatibilities',
  properties: {
    id: p.uuid().primary(),
    storeId: p.uuid(),
    productBrand: p.text(),
    brandKey: p.text(),
    brandAaiaid: p.text().fieldName('brand_aaiaid'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  uniques: [{ name: 'brand_compatibilities_store_brand', properties: ['storeId', 'brandKey'] }],
});
export type BrandCompatibility = InferEntity<typeof BrandCompatibility>;
