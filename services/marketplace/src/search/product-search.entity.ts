import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CartSection, CompatibleVehicle, PurchaseDiscountRule } from '@tuerca/contracts';
import { searchGenerationTrigger } from './search-generation.entity.js';

/**
 * The search read model: one row per visible product with its store's fields folded in and a weighted
 * Spanish `tsvector` (title A, brand and category B, description C, compatible vehicles D). Written only
 * by the product-search consumer from the product and store events; replaying the log rebuilds it.
 */
export const ProductSearch = defineEntity({
  name: 'ProductSearch',
  tableName: 'product_search',
  properties: {
    productId: p.uuid().primary(),
    storeId: p.uuid(),
    title: p.text(),
    manufacturerTitle: p.text(),
    descripcion: p.text(),
    observaciones: p.text(),
    referencia1: p.text().fieldName('referencia_1'),
    referencia2: p.text().fieldName('referencia_2').nullable(),
    referencia3: p.text().fieldName('referencia_3').nullable(),
    cleanReference1: p.text().fieldName('clean_reference_1'),
    inventario: p.integer(),
    fechaActualizacion: p.datetime(),
    actualPrice: p.decimal('number').precision(14).scale(2),
    hidePrices: p.boolean(),
    imagesUrls: p.json<string[]>(),
    productUrl: p.text(),
    tiemposDeEntrega: p.text(),
    minimumOrderQuantity: p.integer(),
    salesModel: p.smallint(),
    cartType: p.text().$type<CartSection>(),
    quotationMaxQuantity: p.integer().nullable(),
    remainingTime: p.integer(),
    compatibleVehicles: p.json<CompatibleVehicle[]>(),
    /** The makes of the compatible vehicles, for the make filter (GIN). */
    makes: p.array().columnType('text[]').defaultRaw(`'{}'`),
    category: p.text().nullable(),
    confirmProductInApi: p.boolean().fieldName('confirm_product_in_api'),
    storeName: p.text(),
    storeCountry: p.text().$type<'CO' | 'MX'>(),
    currency: p.text().$type<'COP' | 'MXN'>(),
    storeIsVirtual: p.boolean(),
    storePathPrefix: p.text().nullable(),
    storeLogo: p.text().nullable(),
    showStoreLogo: p.boolean(),
    showReferences: p.boolean(),
    showStoreName: p.boolean(),
    showProvider: p.boolean(),
    providerName: p.text().nullable(),
    discountRules: p.json<PurchaseDiscountRule[]>(),
    /** Written by PostgreSQL from the texts (Spanish stemming, accents folded); never read back. */
    document: p.text().columnType('tsvector').lazy(),
    /** The time of the event the row reflects: an older event never overwrites a newer row. */
    eventAt: p.datetime(),
  },
  indexes: [
    { name: 'product_search_document', expression: 'create index product_search_document on product_search using gin (document)' },
    { name: 'product_search_store', properties: ['storeId'] },
    { name: 'product_search_makes', expression: 'create index product_search_makes on product_search using gin (makes)' },
    { name: 'product_search_brand', expression: 'create index product_search_brand on product_search (lower(manufacturer_title))' },
  ],
  triggers: [searchGenerationTrigger('product_search')],
});
export type ProductSearch = InferEntity<typeof ProductSearch>;
