import { z } from 'zod';
import { webUrlParam } from './params.js';
import { t } from '../messages/format.js';

/** spec 000 §3, §9: "salesModel (1 sale, 2 order, 3 quotation)". */
export const SALES_MODELS = { sale: 1, order: 2, quotation: 3 } as const;
export const salesModelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type SalesModel = z.infer<typeof salesModelSchema>;

/** spec 000 §3: "cartTypeBySaleModel ('cart' or favourites)". */
export const CART_SECTIONS = ['cart', 'favorites'] as const;
export const cartSectionSchema = z.enum(CART_SECTIONS);
export type CartSection = z.infer<typeof cartSectionSchema>;

/** spec 000 §9: "Availability: stock at least 1 and, outside virtual stores, updated within 30 days." */
export const AVAILABILITY_MAX_AGE_DAYS = 30;
/** spec 000 §9: "Provider name is cut to 21 characters." */
export const PROVIDER_NAME_MAX_LENGTH = 21;
/** spec 000 §9: "Search text minimum 3 characters." */
export const SEARCH_TEXT_MIN_LENGTH = 3;

/** Searches one ProductsSearched v2 event carries at most (the recorder writes a moment's searches together). */
export const MAX_SEARCHES_PER_EVENT = 2000;
/**
 * spec 000 §3: "An engine string ending in a product-specific suffix marks compatibility assigned by AI."
 * Tuerca's suffix; the consoles show such engines with an "asignado por IA" mark.
 */
export const AI_COMPATIBILITY_SUFFIX = ' (IA)';
/** Default purchase window of an answered quotation (spec: remainingTime, hours), when the seller sets none. */
export const DEFAULT_QUOTATION_WINDOW_HOURS = 24;
export const MAX_QUOTATION_WINDOW_HOURS = 720;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * spec 000 §4: "A product is unavailable when stock is under 1 or, outside virtual stores, when the
 * stock was updated more than 30 days ago."
 */
export function isProductAvailable(
  product: { inventario: number; fecha_actualizacion: string | Date | null },
  inVirtualStore: boolean,
  now: Date,
): boolean {
  if (!(product.inventario >= 1)) return false;
  if (inVirtualStore) return true;
  if (!product.fecha_actualizacion) return false;
  const updated = new Date(product.fecha_actualizacion).getTime();
  return now.getTime() - updated <= AVAILABILITY_MAX_AGE_DAYS * DAY_MS;
}

/** spec 000 §9: "Provider name is cut to 21 characters." */
export function cutProviderName(name: string | null | undefined): string | null {
  if (!name) return null;
  return [...name].slice(0, PROVIDER_NAME_MAX_LENGTH).join('');
}

/** spec 000 §3: compatibility whose engine ends with the AI suffix was assigned by AI. */
export function isAiAssignedEngine(engine: string): boolean {
  return engine.endsWith(AI_COMPATIBILITY_SUFFIX);
}

/** spec 000 §3 "Compatible vehicles: grouped by make, each with full_models, years, engines." */
export const compatibleVehicleSchema = z.object({
  make: z.string().trim().min(1).max(60),
  full_models: z.array(z.string().trim().min(1).max(120)).max(100).default([]),
  years: z.array(z.coerce.number().int().min(1950).max(2100)).max(100).default([]),
  engines: z.array(z.string().trim().min(1).max(120)).max(100).default([]),
});
export type CompatibleVehicle = z.infer<typeof compatibleVehicleSchema>;

/** spec 000 §3 "Purchase discount rule: price_range, discount_percentage". price_range is [from, to] in the store's currency. */
export const purchaseDiscountRuleSchema = z.object({
  price_range: z.tuple([z.number().min(0), z.number().min(0)]).refine(([a, b]) => b >= a, { error: t('validation.invalidPriceRange') }),
  discount_percentage: z.number().min(0).max(100),
});
export type PurchaseDiscountRule = z.infer<typeof purchaseDiscountRuleSchema>;

/** The additional discount a purchase-discount rule gives a price (the first rule whose range holds the price). */
export function additionalDiscountFor(
  price: number | null,
  rules: readonly PurchaseDiscountRule[],
): { discount: number; discountPercentage: number } | null {
  if (price === null) return null;
  const rule = rules.find((r) => price >= r.price_range[0] && price <= r.price_range[1] && r.discount_percentage > 0);
  if (!rule) return null;
  return { discount: Math.round(price * rule.discount_percentage) / 100, discountPercentage: rule.discount_percentage };
}

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) =>
  z.string({ error: 'Este campo es obligatorio' }).trim().min(1, { error: 'Este campo es obligatorio' }).max(max);

/**
 * A seller's product as written (POST /catalogo/products/ with scenario 'create', PATCH with 'edit').
 * Field names are the spec's read shape (§3) so the form and the list speak the same words.
 */
export const productInputSchema = z.object({
  title: required(200),
  manufacturer_title: required(80),
  descripcion: text(4000).default(''),
  observaciones: text(1000).default(''),
  referencia_1: required(60),
  referencia_2: text(60).nullable().default(null),
  referencia_3: text(60).nullable().default(null),
  inventario: z.coerce.number({ error: 'Debe ser un número' }).int({ error: 'Debe ser un número entero' }).min(0).max(1_000_000),
  actualPrice: z.coerce.number({ error: 'Debe ser un número' }).min(0).max(1_000_000_000),
  hidePrices: z.boolean().default(false),
  imagesURLs: z.array(webUrlParam).max(10).default([]),
  tiempos_de_entrega: text(60).default(''),
  minimum_order_quantity: z.coerce.number().int().min(1).max(100_000).default(1),
  salesModel: z.coerce.number().pipe(salesModelSchema).default(1),
  cartTypeBySaleModel: cartSectionSchema.default('cart'),
  quotationMaxQuantity: z.coerce.number().int().min(1).max(1_000_000).nullable().default(null),
  remainingTime: z.coerce.number().int().min(1).max(MAX_QUOTATION_WINDOW_HOURS).default(DEFAULT_QUOTATION_WINDOW_HOURS),
  compatibleVehicles: z.array(compatibleVehicleSchema).max(200).default([]),
  category: text(80).nullable().default(null),
  confirmProductInAPI: z.boolean().default(false),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** spec 000 §7: POST and PATCH /catalogo/products take a `scenario`; the rest is Tuerca's design (README). */
export const PRODUCT_SCENARIOS = ['create', 'edit', 'stockAndPrice'] as const;
export const productScenarioSchema = z.enum(PRODUCT_SCENARIOS);

/** PATCH with scenario 'stockAndPrice': the quick update that also refreshes fecha_actualizacion. */
export const stockAndPriceSchema = z.object({
  inventario: productInputSchema.shape.inventario,
  actualPrice: productInputSchema.shape.actualPrice.optional(),
});

/** spec 000 §3 quoteRecord: sale_id, seller_response (0 or 1), not_available (0 or 1); plus when the purchase window ends. */
export const quoteRecordSchema = z.object({
  sale_id: z.string(),
  seller_response: z.union([z.literal(0), z.literal(1)]),
  not_available: z.union([z.literal(0), z.literal(1)]),
  quantity: z.number().int(),
  /** ISO time the purchase window closes (answered available only). */
  expiresAt: z.string().nullable(),
});
export type QuoteRecord = z.infer<typeof quoteRecordSchema>;

export const PRODUCT_STATES = ['published', 'depleted', 'deleted'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** A product's cross-reference to the searched number, on a substitute (spec 000 §3 substitutionItem). */
export const substitutionItemSchema = z.object({ reference: z.string(), manufacturer: z.string(), type: z.string(), way: z.string() });

/** spec 000 §3 "Product (as read)", as every marketplace read answers it. */
export const productViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  manufacturer_title: z.string(),
  descripcion: z.string(),
  observaciones: z.string(),
  /** Null when the store hides references (virtual store without showProductReferences). */
  referencia_1: z.string().nullable(),
  referencia_2: z.string().nullable(),
  referencia_3: z.string().nullable(),
  clean_reference_1: z.string().nullable(),
  inventario: z.number().int(),
  fecha_actualizacion: z.string(),
  /** Null when hidePrices. */
  actualPrice: z.number().nullable(),
  currency: z.enum(['COP', 'MXN']),
  hidePrices: z.boolean(),
  imagesURLs: z.array(z.string()),
  productUrl: z.string(),
  tiempos_de_entrega: z.string(),
  minimum_order_quantity: z.number().int(),
  salesModel: salesModelSchema,
  cartTypeBySaleModel: cartSectionSchema,
  quotationMaxQuantity: z.number().int().nullable(),
  remainingTime: z.number().int(),
  stockAndPricesByWinery: z.array(z.object({ winery: z.string(), stock: z.number().int(), price: z.number().nullable() })),
  confirmProductInAPI: z.boolean(),
  hasVehicleCompatibility: z.boolean(),
  compatibleVehicles: z.array(compatibleVehicleSchema),
  category: z.string().nullable(),
  /** True in productSubstitutions: the product is a substitute of the searched reference. */
  substitution: z.boolean(),
  substitutionItem: substitutionItemSchema.nullable(),
  showProvider: z.boolean(),
  showStoreNameToUser: z.boolean(),
  users: z.object({ providerName: z.string().nullable() }),
  store: z.object({
    id: z.string(),
    name: z.string(),
    logotype_URL: z.string().nullable(),
    showStoreLogoInProduct: z.boolean(),
    pathPrefix: z.string().nullable(),
    isVirtualStore: z.boolean(),
    showProductReferences: z.boolean(),
    purchaseDiscountRules: z.array(purchaseDiscountRuleSchema),
    /** The store's ratings by its buyers (issue #13), null until it has one. */
    rating: z.object({ average: z.number(), count: z.number().int() }).nullable().optional(),
  }),
  additionalDiscount: z.object({ discount: z.number(), discountPercentage: z.number() }).nullable(),
  productAddedToCart: z.boolean(),
  sectionShoppingCart: cartSectionSchema.nullable(),
  /** The reading person's quotation of this product (salesModel 3), null when none or for guests. */
  quoteRecord: quoteRecordSchema.nullable(),
  /** spec 000 §4 availability, computed at read time. */
  available: z.boolean(),
  /** Position group of the spec's sort order (0 first … 5 unavailable). */
  sortGroup: z.number().int().min(0).max(5),
  state: z.enum(PRODUCT_STATES),
});
export type ProductView = z.infer<typeof productViewSchema>;

/**
 * spec 000 §4 "Result sort order: available sale items, then available order items, then quotation
 * items by state (awaiting response, no record, answered), then unavailable items last."
 * Quotation items are placed by their state when available; any unavailable item goes last.
 */
export function resultSortGroup(p: { available: boolean; salesModel: SalesModel; quoteRecord: QuoteRecord | null }): number {
  if (!p.available) return 5;
  if (p.salesModel === 1) return 0;
  if (p.salesModel === 2) return 1;
  if (p.quoteRecord && p.quoteRecord.seller_response === 0) return 2;
  if (!p.quoteRecord) return 3;
  return 4;
}

/** The product list query (GET /catalogo/products): filter keys understood by the search read model. */
export const productSearchFilterSchema = z.object({
  /** Free text in Spanish (accents, case, plurals and small typos forgiven). */
  search: z.string().trim().max(200).optional(),
  /** A part number: exact or prefix on the normalised references. */
  reference: z.string().trim().max(60).optional(),
  storeId: z.string().uuid().optional(),
  manufacturer_title: z.string().trim().max(80).optional(),
  category: z.string().trim().max(80).optional(),
  make: z.string().trim().max(60).optional(),
  salesModel: z.coerce.number().pipe(salesModelSchema).optional(),
  onlyAvailable: z.boolean().optional(),
  pathPrefix: z.string().trim().max(60).optional(),
  /** The stores' country (CO by default, or the person's): results never mix currencies. */
  country: z.enum(['CO', 'MX']).optional(),
});
export type ProductSearchFilter = z.infer<typeof productSearchFilterSchema>;

/** GET /catalogo/products/searchProductByReference answer (spec 000 §7: products, productSubstitutions, showSubstitutions). */
export const searchByReferenceResultSchema = z.object({
  products: z.array(productViewSchema),
  productSubstitutions: z.array(productViewSchema),
  showSubstitutions: z.boolean(),
});
export type SearchByReferenceResult = z.infer<typeof searchByReferenceResultSchema>;

/** The same normalisation the catalogue uses: upper case, only letters and digits. */
export function cleanReference(ref: string): string {
  // Plain ASCII (nearly every part number) has no accents to take apart: the decomposition is skipped.
  if (/^[\x20-\x7e]*$/.test(ref)) return ref.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return ref
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}
