import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CartSection, CompatibleVehicle, SalesModel } from '@tuerca/contracts';
import { Store } from '../stores/store.entity.js';

export const PRODUCT_STATES = ['published', 'depleted', 'deleted'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/**
 * A seller's product, the write model of spec 000 §3 "Product (as read)". Column names keep the spec's
 * Spanish field names (inventario, fecha_actualizacion, tiempos_de_entrega, …); the search read model is
 * built from this table's events.
 */
export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: p.uuid().primary(),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('products_store_id_fkey'),
    title: p.text(),
    manufacturerTitle: p.text(),
    descripcion: p.text().defaultRaw(`''`),
    observaciones: p.text().defaultRaw(`''`),
    referencia1: p.text().fieldName('referencia_1'),
    referencia2: p.text().fieldName('referencia_2').nullable(),
    referencia3: p.text().fieldName('referencia_3').nullable(),
    /** The references normalised for part-number search (upper case, letters and digits only). */
    cleanReference1: p.text().fieldName('clean_reference_1'),
    cleanReference2: p.text().fieldName('clean_reference_2').nullable(),
    cleanReference3: p.text().fieldName('clean_reference_3').nullable(),
    /** Stock. A purchase reserves it with one conditional update (`inventario >= n`), never read-then-write. */
    inventario: p.integer().check('inventario >= 0'),
    /** When the seller last confirmed the stock: spec 000 §4, older than 30 days is unavailable outside virtual stores. */
    fechaActualizacion: p.datetime(),
    actualPrice: p.decimal('number').precision(14).scale(2).check('actual_price >= 0'),
    hidePrices: p.boolean().default(false),
    imagesUrls: p.json<string[]>().columnType('jsonb').defaultRaw(`'[]'`),
    productUrl: p.text().unique('products_product_url_key'),
    tiemposDeEntrega: p.text().defaultRaw(`''`),
    minimumOrderQuantity: p.integer().default(1),
    /** spec 000 §3: 1 sale, 2 order, 3 quotation. */
    salesModel: p.smallint().$type<SalesModel>().check('sales_model in (1, 2, 3)'),
    /** spec 000 §3 cartTypeBySaleModel: 'Comprar' puts the product in the cart or in favourites. */
    cartType: p.text().$type<CartSection>().check(`cart_type in ('cart', 'favorites')`),
    quotationMaxQuantity: p.integer().nullable(),
    /** Hours the purchase stays open after a seller's answer (salesModel 3). */
    remainingTime: p.integer(),
    compatibleVehicles: p.json<CompatibleVehicle[]>().columnType('jsonb').defaultRaw(`'[]'`),
    category: p.text().nullable(),
    confirmProductInApi: p.boolean().fieldName('confirm_product_in_api').default(false),
    state: p.text().$type<ProductState>().check(`state in ('published', 'depleted', 'deleted')`),
    visits: p.integer().default(0),
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
    { name: 'products_store', expression: 'create index products_store on products (store_id, state, updated_at desc)' },
    { name: 'products_reference', properties: ['cleanReference1'], where: `state <> 'deleted'` },
  ],
  uniques: [
    // checkIfTheProductExist and the spreadsheet import match a store's product by reference and brand.
    {
      name: 'products_store_reference',
      expression: `create unique index products_store_reference on products (store_id, clean_reference_1, lower(manufacturer_title)) where state <> 'deleted'`,
    },
  ],
});
export type Product = InferEntity<typeof Product>;
