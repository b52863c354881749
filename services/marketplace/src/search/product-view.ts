import { sql, type RawBuilder } from 'kysely';
import {
  additionalDiscountFor,
  cutProviderName,
  isProductAvailable,
  quoteRecordFlags,
  resultSortGroup,
  type CartSection,
  type ProductView,
  type QuotationState,
  type SalesModel,
} from '@tuerca/contracts';
import type { Visitor } from '@tuerca/platform';
import { ownerOf } from '../cart/cart.service.js';
import type { ProductSearch } from './product-search.entity.js';

/** Who reads: quotation state and cart membership are per person. */
export interface Viewer {
  userId: string | null;
  /** Cart owner key: 'u:<userId>' or 'g:<guestId>'. */
  owner: string;
  /** spec 000: "country defaults to CO"; a logged-in person's own country otherwise. */
  country: 'CO' | 'MX';
}

/** The reading person: their quotations and cart shape the results (spec 000 §4 sort order). */
export function viewerOf(visitor: Visitor, country?: 'CO' | 'MX'): Viewer {
  return { userId: visitor.user?.id ?? null, owner: ownerOf(visitor), country: country ?? visitor.user?.country ?? 'CO' };
}

/** The search row's columns a product view reads, by the entity's property names. */
const VIEW_COLUMNS = {
  productId: 'product_id',
  storeId: 'store_id',
  title: 'title',
  manufacturerTitle: 'manufacturer_title',
  descripcion: 'descripcion',
  observaciones: 'observaciones',
  referencia1: 'referencia_1',
  referencia2: 'referencia_2',
  referencia3: 'referencia_3',
  cleanReference1: 'clean_reference_1',
  inventario: 'inventario',
  fechaActualizacion: 'fecha_actualizacion',
  // numeric(14, 2) is exact in a double (at most 14 digits), which is what the view answers.
  actualPrice: 'actual_price::float8',
  hidePrices: 'hide_prices',
  imagesUrls: 'images_urls',
  productUrl: 'product_url',
  tiemposDeEntrega: 'tiempos_de_entrega',
  minimumOrderQuantity: 'minimum_order_quantity',
  salesModel: 'sales_model',
  cartType: 'cart_type',
  quotationMaxQuantity: 'quotation_max_quantity',
  remainingTime: 'remaining_time',
  compatibleVehicles: 'compatible_vehicles',
  category: 'category',
  confirmProductInApi: 'confirm_product_in_api',
  storeName: 'store_name',
  currency: 'currency',
  storeIsVirtual: 'store_is_virtual',
  storePathPrefix: 'store_path_prefix',
  storeLogo: 'store_logo',
  showStoreLogo: 'show_store_logo',
  showReferences: 'show_references',
  showStoreName: 'show_store_name',
  showProvider: 'show_provider',
  providerName: 'provider_name',
  discountRules: 'discount_rules',
} as const satisfies Partial<Record<keyof ProductSearch, string>>;

/** A product row as the results read it: the search row, the reader's live quotation and cart section. */
export type ProductViewRow = Pick<ProductSearch, keyof typeof VIEW_COLUMNS> & {
  quoteId: string | null;
  quoteState: QuotationState | null;
  quoteQuantity: number | null;
  quoteExpiresAt: Date | null;
  cartSection: CartSection | null;
};

/** The select list of a product's search row over `product_search p`, without the reader's part (aliased to ProductViewRow's names). */
export const PRODUCT_COLUMNS_TEXT = Object.entries(VIEW_COLUMNS)
  .map(([alias, column]) => `p.${column} as "${alias}"`)
  .join(', ');

/** PRODUCT_COLUMNS_TEXT as a fragment of a Kysely `sql` template. */
export const PRODUCT_COLUMNS: RawBuilder<unknown> = sql.raw(PRODUCT_COLUMNS_TEXT);

/** The select list of a product read over `product_search p` joined by PERSON_JOINS (aliased to ProductViewRow's names). */
export const PRODUCT_SELECT: RawBuilder<unknown> = sql.raw(
  [
    ...Object.entries(VIEW_COLUMNS).map(([alias, column]) => `p.${column} as "${alias}"`),
    `q.id as "quoteId"`,
    `q.state as "quoteState"`,
    `q.quantity as "quoteQuantity"`,
    `q.window_expires_at as "quoteExpiresAt"`,
    `c.section as "cartSection"`,
  ].join(', '),
);

/**
 * The reader's joins. A person has a handful of open quotations and cart lines, so both sides are read once
 * and hash-joined, not looked up per product (measured on the lookup at scale 100: capacity 281–414 →
 * 487–641 req/s with the fan-out cap, load-tests/reports/marketplace-lookup.md).
 */
export function personJoins(viewer: Viewer, now: Date): RawBuilder<unknown> {
  return sql`
    left join (
      select distinct on (product_id) product_id, id, state, quantity, window_expires_at from quotations
      where user_id = ${viewer.userId ?? ''} and (state in ('awaiting', 'not_available') or (state = 'available' and window_expires_at > ${now}))
      order by product_id, requested_at desc
    ) q on q.product_id = p.product_id and p.sales_model = 3
    left join (select distinct on (product_id) product_id, section from cart_items where owner = ${viewer.owner} order by product_id, section) c
      on c.product_id = p.product_id`;
}

/**
 * spec 000 §4 "Availability. A product is unavailable when stock is under 1 or, outside virtual stores, when
 * the stock was updated more than 30 days ago" — the same rule as `isProductAvailable` (contracts), in SQL.
 */
export function unavailableSql(now: Date): RawBuilder<boolean> {
  return sql<boolean>`not (p.inventario >= 1 and (p.store_is_virtual or p.fecha_actualizacion >= ${now}::timestamptz - interval '30 days'))`;
}

/**
 * The spec's sort order in SQL, the same rule as `resultSortGroup` (contracts): available sale items,
 * available order items, quotation items awaiting response, without record, answered; unavailable last.
 */
export function sortGroupSql(now: Date): RawBuilder<number> {
  return sql<number>`
    case
      when ${unavailableSql(now)} then 5
      when p.sales_model = 1 then 0
      when p.sales_model = 2 then 1
      when q.state = 'awaiting' then 2
      when q.id is null then 3
      else 4
    end`;
}

/**
 * The same sort group for a person with no quotation (the part of the order every person shares): a quotation
 * item is in group 3 until the person's own quotation moves it (`pageOfMatches`).
 */
export function personFreeSortGroupSql(now: Date): RawBuilder<number> {
  return sql<number>`case when ${unavailableSql(now)} then 5 when p.sales_model = 1 then 0 when p.sales_model = 2 then 1 else 3 end`;
}

/**
 * When a product's availability next changes with the clock alone: the moment its stock passes 30 days without an
 * update (spec 000 §4), for an available product outside virtual stores; null otherwise.
 */
export function availabilityTurnSql(now: Date): RawBuilder<Date | null> {
  return sql<Date | null>`case when not p.store_is_virtual and p.inventario >= 1 and p.fecha_actualizacion + interval '30 days' >= ${now}::timestamptz
    then p.fecha_actualizacion + interval '30 days' end`;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A search row as the consoles read it (spec 000 §3 "Product (as read)"), for this reader at this time. */
export function toProductView(row: ProductViewRow, now: Date, substitutionItem: ProductView['substitutionItem'] = null): ProductView {
  // spec 000 §6: "a virtual store hides references unless showProductReferences is set".
  const hideReferences = row.storeIsVirtual && !row.showReferences;
  const price = row.hidePrices ? null : Number(row.actualPrice);
  const available = isProductAvailable(
    { inventario: row.inventario, fecha_actualizacion: row.fechaActualizacion },
    row.storeIsVirtual,
    now,
  );
  const flags = row.quoteState ? quoteRecordFlags(row.quoteState) : null;
  const quoteRecord =
    row.quoteId && flags
      ? {
          sale_id: row.quoteId,
          ...flags,
          quantity: row.quoteQuantity ?? 0,
          expiresAt: row.quoteState === 'available' ? iso(row.quoteExpiresAt) : null,
        }
      : null;
  const salesModel = row.salesModel as SalesModel;
  return {
    id: row.productId,
    title: row.title,
    manufacturer_title: row.manufacturerTitle,
    descripcion: row.descripcion,
    observaciones: row.observaciones,
    referencia_1: hideReferences ? null : row.referencia1,
    referencia_2: hideReferences ? null : (row.referencia2 ?? null),
    referencia_3: hideReferences ? null : (row.referencia3 ?? null),
    clean_reference_1: hideReferences ? null : row.cleanReference1,
    inventario: row.inventario,
    fecha_actualizacion: iso(row.fechaActualizacion)!,
    actualPrice: price,
    currency: row.currency,
    hidePrices: row.hidePrices,
    imagesURLs: row.imagesUrls,
    productUrl: row.productUrl,
    tiempos_de_entrega: row.tiemposDeEntrega,
    minimum_order_quantity: row.minimumOrderQuantity,
    salesModel,
    cartTypeBySaleModel: row.cartType,
    quotationMaxQuantity: row.quotationMaxQuantity ?? null,
    remainingTime: row.remainingTime,
    // One warehouse per store for now; multi-warehouse stock arrives with the stores' API integrations.
    stockAndPricesByWinery: [{ winery: row.storeName, stock: row.inventario, price }],
    confirmProductInAPI: row.confirmProductInApi,
    hasVehicleCompatibility: row.compatibleVehicles.length > 0,
    compatibleVehicles: row.compatibleVehicles,
    category: row.category ?? null,
    substitution: substitutionItem !== null,
    substitutionItem: hideReferences ? null : substitutionItem,
    showProvider: row.showProvider,
    showStoreNameToUser: row.showStoreName,
    // spec 000 §9: "Provider name is cut to 21 characters."
    users: { providerName: cutProviderName(row.providerName ?? row.storeName) },
    store: {
      id: row.storeId,
      name: row.storeName,
      logotype_URL: row.storeLogo ?? null,
      showStoreLogoInProduct: row.showStoreLogo,
      pathPrefix: row.storePathPrefix ?? null,
      isVirtualStore: row.storeIsVirtual,
      showProductReferences: !hideReferences,
      purchaseDiscountRules: row.discountRules,
    },
    additionalDiscount: additionalDiscountFor(price, row.discountRules),
    productAddedToCart: row.cartSection !== null,
    sectionShoppingCart: row.cartSection,
    quoteRecord,
    available,
    sortGroup: resultSortGroup({ available, salesModel, quoteRecord }),
    state: row.inventario >= 1 ? 'published' : 'depleted',
  };
}
