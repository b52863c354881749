import {
  additionalDiscountFor,
  cutProviderName,
  isProductAvailable,
  quoteRecordFlags,
  resultSortGroup,
  type CartSection,
  type CompatibleVehicle,
  type ProductView,
  type PurchaseDiscountRule,
  type QuotationState,
  type SalesModel,
} from '@tuerca/contracts';

/** Who reads: quotation state and cart membership are per person. */
export interface Reader {
  userId: string | null;
  /** Cart owner key: 'u:<userId>' or 'g:<guestId>'. */
  owner: string;
  now: Date;
  /** spec 000: "country defaults to CO"; a logged-in person's own country otherwise. */
  country: 'CO' | 'MX';
}

/**
 * The columns every product read selects: the search row, the reader's live quotation (salesModel 3)
 * and whether the reader already has it in the cart or favourites. `$user`, `$owner` and `$now` are
 * bound by position by the caller (see PERSON_PARAMS).
 */
export const PRODUCT_SELECT = `
  p.product_id, p.store_id, p.title, p.manufacturer_title, p.descripcion, p.observaciones, p.referencia_1, p.referencia_2,
  p.referencia_3, p.clean_reference_1, p.inventario, p.fecha_actualizacion, p.actual_price, p.hide_prices, p.images_urls,
  p.product_url, p.tiempos_de_entrega, p.minimum_order_quantity, p.sales_model, p.cart_type, p.quotation_max_quantity,
  p.remaining_time, p.compatible_vehicles, p.category, p.confirm_product_in_api, p.store_name, p.currency, p.store_is_virtual,
  p.store_path_prefix, p.store_logo, p.show_store_logo, p.show_references, p.show_store_name, p.show_provider, p.provider_name,
  p.discount_rules, q.id as q_id, q.state as q_state, q.quantity as q_quantity, q.window_expires_at as q_expires,
  c.section as cart_section`;

/**
 * The reader's joins; parameters in order: user id, now (quotations), owner (cart). A person has a
 * handful of open quotations and cart lines, so both sides are read once and hash-joined, not looked up
 * per product.
 */
export const PERSON_JOINS = `
  left join (
    select distinct on (product_id) product_id, id, state, quantity, window_expires_at from quotations
    where user_id = ? and (state in ('awaiting', 'not_available') or (state = 'available' and window_expires_at > ?))
    order by product_id, requested_at desc
  ) q on q.product_id = p.product_id and p.sales_model = 3
  left join (select distinct on (product_id) product_id, section from cart_items where owner = ? order by product_id, section) c
    on c.product_id = p.product_id`;

export function personParams(reader: Reader): unknown[] {
  return [reader.userId ?? '', reader.now, reader.owner];
}

/**
 * The spec's sort order in SQL, the same rule as `resultSortGroup` (contracts): available sale items,
 * available order items, quotation items awaiting response, without record, answered; unavailable last.
 * spec 000 §4: unavailable = stock under 1 or, outside virtual stores, stock updated more than 30 days ago.
 * Parameter: now.
 */
export const SORT_GROUP = `
  case
    when not (p.inventario >= 1 and (p.store_is_virtual or p.fecha_actualizacion >= ?::timestamptz - interval '30 days')) then 5
    when p.sales_model = 1 then 0
    when p.sales_model = 2 then 1
    when q.state = 'awaiting' then 2
    when q.id is null then 3
    else 4
  end`;

export interface ProductRow {
  product_id: string;
  store_id: string;
  title: string;
  manufacturer_title: string;
  descripcion: string;
  observaciones: string;
  referencia_1: string;
  referencia_2: string | null;
  referencia_3: string | null;
  clean_reference_1: string;
  inventario: number;
  fecha_actualizacion: Date | string;
  actual_price: string | number;
  hide_prices: boolean;
  images_urls: string[];
  product_url: string;
  tiempos_de_entrega: string;
  minimum_order_quantity: number;
  sales_model: number;
  cart_type: CartSection;
  quotation_max_quantity: number | null;
  remaining_time: number;
  compatible_vehicles: CompatibleVehicle[];
  category: string | null;
  confirm_product_in_api: boolean;
  store_name: string;
  currency: 'COP' | 'MXN';
  store_is_virtual: boolean;
  store_path_prefix: string | null;
  store_logo: string | null;
  show_store_logo: boolean;
  show_references: boolean;
  show_store_name: boolean;
  show_provider: boolean;
  provider_name: string | null;
  discount_rules: PurchaseDiscountRule[];
  q_id: string | null;
  q_state: QuotationState | null;
  q_quantity: number | null;
  q_expires: Date | string | null;
  cart_section: CartSection | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A search row as the consoles read it (spec 000 §3 "Product (as read)"), for this reader at this time. */
export function toProductView(row: ProductRow, reader: Reader, substitutionItem: ProductView['substitutionItem'] = null): ProductView {
  // spec 000 §6: "a virtual store hides references unless showProductReferences is set".
  const hideReferences = row.store_is_virtual && !row.show_references;
  const price = row.hide_prices ? null : Number(row.actual_price);
  const available = isProductAvailable(
    { inventario: row.inventario, fecha_actualizacion: row.fecha_actualizacion },
    row.store_is_virtual,
    reader.now,
  );
  const flags = row.q_state ? quoteRecordFlags(row.q_state) : null;
  const quoteRecord =
    row.q_id && flags
      ? { sale_id: row.q_id, ...flags, quantity: row.q_quantity ?? 0, expiresAt: row.q_state === 'available' ? iso(row.q_expires) : null }
      : null;
  const salesModel = row.sales_model as SalesModel;
  return {
    id: row.product_id,
    title: row.title,
    manufacturer_title: row.manufacturer_title,
    descripcion: row.descripcion,
    observaciones: row.observaciones,
    referencia_1: hideReferences ? null : row.referencia_1,
    referencia_2: hideReferences ? null : row.referencia_2,
    referencia_3: hideReferences ? null : row.referencia_3,
    clean_reference_1: hideReferences ? null : row.clean_reference_1,
    inventario: row.inventario,
    fecha_actualizacion: iso(row.fecha_actualizacion)!,
    actualPrice: price,
    currency: row.currency,
    hidePrices: row.hide_prices,
    imagesURLs: row.images_urls,
    productUrl: row.product_url,
    tiempos_de_entrega: row.tiempos_de_entrega,
    minimum_order_quantity: row.minimum_order_quantity,
    salesModel,
    cartTypeBySaleModel: row.cart_type,
    quotationMaxQuantity: row.quotation_max_quantity,
    remainingTime: row.remaining_time,
    // One warehouse per store for now; multi-warehouse stock arrives with the stores' API integrations.
    stockAndPricesByWinery: [{ winery: row.store_name, stock: row.inventario, price }],
    confirmProductInAPI: row.confirm_product_in_api,
    hasVehicleCompatibility: row.compatible_vehicles.length > 0,
    compatibleVehicles: row.compatible_vehicles,
    category: row.category,
    substitution: substitutionItem !== null,
    substitutionItem: hideReferences ? null : substitutionItem,
    showProvider: row.show_provider,
    showStoreNameToUser: row.show_store_name,
    // spec 000 §9: "Provider name is cut to 21 characters."
    users: { providerName: cutProviderName(row.provider_name ?? row.store_name) },
    store: {
      id: row.store_id,
      name: row.store_name,
      logotype_URL: row.store_logo,
      showStoreLogoInProduct: row.show_store_logo,
      pathPrefix: row.store_path_prefix,
      isVirtualStore: row.store_is_virtual,
      showProductReferences: !hideReferences,
      purchaseDiscountRules: row.discount_rules,
    },
    additionalDiscount: additionalDiscountFor(price, row.discount_rules),
    productAddedToCart: row.cart_section !== null,
    sectionShoppingCart: row.cart_section,
    quoteRecord,
    available,
    sortGroup: resultSortGroup({ available, salesModel, quoteRecord }),
    state: row.inventario >= 1 ? 'published' : 'depleted',
  };
}
