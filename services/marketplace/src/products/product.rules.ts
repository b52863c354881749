import { cleanReference, t, type ProductInput, type ProductQuality, type ProductSnapshot, type SalesModel } from '@tuerca/contracts';
import { ValidationError } from '@tuerca/platform';
import type { Product } from './product.entity.js';

/** A product of the write model by its entity's fields, its store by id (an entity, or a typed Kysely row mapped). */
export type ProductRecord = Omit<Product, 'store'> & { storeId: string };

/** The event payload of a product (ProductPublished / ProductUpdated): its whole read shape. */
export function snapshotOf(p: ProductRecord): ProductSnapshot {
  return {
    id: p.id,
    storeId: p.storeId,
    title: p.title,
    manufacturer_title: p.manufacturerTitle,
    descripcion: p.descripcion,
    observaciones: p.observaciones,
    referencia_1: p.referencia1,
    referencia_2: p.referencia2 ?? null,
    referencia_3: p.referencia3 ?? null,
    inventario: p.inventario,
    fecha_actualizacion: new Date(p.fechaActualizacion).toISOString(),
    actualPrice: Number(p.actualPrice),
    hidePrices: p.hidePrices,
    imagesURLs: p.imagesUrls,
    productUrl: p.productUrl,
    tiempos_de_entrega: p.tiemposDeEntrega,
    minimum_order_quantity: p.minimumOrderQuantity,
    salesModel: p.salesModel,
    cartTypeBySaleModel: p.cartType,
    quotationMaxQuantity: p.quotationMaxQuantity ?? null,
    remainingTime: p.remainingTime,
    compatibleVehicles: p.compatibleVehicles,
    category: p.category ?? null,
    confirmProductInAPI: p.confirmProductInApi,
    state: p.state,
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}

/** Folds text for a URL: lower case, accents removed, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * The product page's address: title, brand and reference, then a short id so two sellers never collide. A
 * store that hides its references (a virtual store without showProductReferences, spec 000 §6) gets an
 * address without the part number, which would otherwise show it in every link (issue 20 §9).
 */
export function productUrlFor(
  input: Pick<ProductInput, 'title' | 'manufacturer_title' | 'referencia_1'>,
  id: string,
  options: { hideReference?: boolean } = {},
): string {
  const words = options.hideReference
    ? `${input.title} ${input.manufacturer_title}`
    : `${input.title} ${input.manufacturer_title} ${input.referencia_1}`;
  return `${slugify(words)}-${id.replace(/-/g, '').slice(0, 10)}`;
}

/** spec 000 §6: "a virtual store hides references unless showProductReferences is set". */
export function storeHidesReferences(store: { isVirtual: boolean; showProductReferences: boolean }): boolean {
  return store.isVirtual && !store.showProductReferences;
}

/** The entity fields a product takes from the seller's form (the same for create, edit and the spreadsheet import). */
export function productFields(input: ProductInput) {
  return {
    title: input.title,
    manufacturerTitle: input.manufacturer_title,
    descripcion: input.descripcion,
    observaciones: input.observaciones,
    referencia1: input.referencia_1,
    referencia2: input.referencia_2 || null,
    referencia3: input.referencia_3 || null,
    cleanReference1: cleanReference(input.referencia_1),
    cleanReference2: input.referencia_2 ? cleanReference(input.referencia_2) : null,
    cleanReference3: input.referencia_3 ? cleanReference(input.referencia_3) : null,
    inventario: input.inventario,
    actualPrice: input.actualPrice,
    hidePrices: input.hidePrices,
    imagesUrls: input.imagesURLs,
    tiemposDeEntrega: input.tiempos_de_entrega,
    minimumOrderQuantity: input.minimum_order_quantity,
    salesModel: input.salesModel,
    cartType: input.cartTypeBySaleModel,
    quotationMaxQuantity: input.quotationMaxQuantity,
    remainingTime: input.remainingTime,
    compatibleVehicles: input.compatibleVehicles,
    category: input.category,
    confirmProductInApi: input.confirmProductInAPI,
  };
}

export type ProductFields = ReturnType<typeof productFields>;

/** The entity fields each form field writes (a spreadsheet import updates only the fields its file has columns for). */
export const FIELDS_BY_INPUT: Partial<Record<keyof ProductInput, (keyof ProductFields)[]>> = {
  title: ['title'],
  manufacturer_title: ['manufacturerTitle'],
  descripcion: ['descripcion'],
  observaciones: ['observaciones'],
  referencia_1: ['referencia1', 'cleanReference1'],
  referencia_2: ['referencia2', 'cleanReference2'],
  referencia_3: ['referencia3', 'cleanReference3'],
  inventario: ['inventario'],
  actualPrice: ['actualPrice'],
  hidePrices: ['hidePrices'],
  imagesURLs: ['imagesUrls'],
  tiempos_de_entrega: ['tiemposDeEntrega'],
  minimum_order_quantity: ['minimumOrderQuantity'],
  salesModel: ['salesModel'],
  cartTypeBySaleModel: ['cartType'],
  quotationMaxQuantity: ['quotationMaxQuantity'],
  remainingTime: ['remainingTime'],
  category: ['category'],
};

/** The seller's form values of a stored product (an edit starts from them). */
export function inputOf(p: ProductRecord): ProductInput {
  return {
    title: p.title,
    manufacturer_title: p.manufacturerTitle,
    descripcion: p.descripcion,
    observaciones: p.observaciones,
    referencia_1: p.referencia1,
    referencia_2: p.referencia2 ?? null,
    referencia_3: p.referencia3 ?? null,
    inventario: p.inventario,
    actualPrice: Number(p.actualPrice),
    hidePrices: p.hidePrices,
    imagesURLs: p.imagesUrls,
    tiempos_de_entrega: p.tiemposDeEntrega,
    minimum_order_quantity: p.minimumOrderQuantity,
    salesModel: p.salesModel as SalesModel,
    cartTypeBySaleModel: p.cartType,
    quotationMaxQuantity: p.quotationMaxQuantity ?? null,
    remainingTime: p.remainingTime,
    compatibleVehicles: p.compatibleVehicles,
    category: p.category ?? null,
    confirmProductInAPI: p.confirmProductInApi,
  };
}

/** spec 000 §5 sale-model rules a product must satisfy before it is written. */
export function checkProductRules(input: ProductInput): void {
  if (input.salesModel === 3 && input.quotationMaxQuantity !== null && input.quotationMaxQuantity < 1) {
    const message = t('quotation.quantityMustBePositive');
    throw new ValidationError([message], [{ path: 'quotationMaxQuantity', message }]);
  }
}

/** A product with stock is published, without it depleted (shown as unavailable). */
export const stateForStock = (inventario: number) => (inventario >= 1 ? 'published' : 'depleted');

/**
 * Whether an edit confirms the stock today: stock and price are what the 30-day availability rule watches
 * (spec 000 §4), so the seller's stockAndPrice update, or any change of either, moves fecha_actualizacion.
 */
export function confirmsStock(scenario: 'edit' | 'stockAndPrice', before: ProductRecord, after: ProductInput): boolean {
  return scenario === 'stockAndPrice' || after.inventario !== before.inventario || after.actualPrice !== Number(before.actualPrice);
}

/** Whether a product's part number and brand (the store's unique key, brand in any case) change. */
export function changesKey(before: ProductRecord, after: ProductInput): boolean {
  return (
    cleanReference(after.referencia_1) !== before.cleanReference1 ||
    after.manufacturer_title.toLowerCase() !== before.manufacturerTitle.toLowerCase()
  );
}

/** What a product's information lacks, as the seller reads it in the suggestions file (in the order of the quality score). */
export function missingInformation(p: {
  imagesUrls: string[];
  descripcion: string;
  compatibleVehicles: unknown[];
  category: string | null | undefined;
  tiemposDeEntrega: string;
}): string[] {
  const missing: string[] = [];
  if (p.imagesUrls.length === 0) missing.push(t('marketplace.suggestImages'));
  if (p.descripcion.length < QUALITY_DESCRIPTION_MIN) missing.push(t('marketplace.suggestDescription'));
  if (p.compatibleVehicles.length === 0) missing.push(t('marketplace.suggestCompatibility'));
  if (!p.category) missing.push(t('marketplace.suggestCategory'));
  if (p.tiemposDeEntrega === '') missing.push(t('marketplace.suggestDeliveryTime'));
  return missing;
}

/** A description counts for the quality score from this many characters. */
export const QUALITY_DESCRIPTION_MIN = 20;

/** The quality score (0–100): images, description, compatible vehicles, category and delivery time weigh equally. */
export function qualityOf(counts: Omit<ProductQuality, 'averageQuality'>): ProductQuality {
  const n = counts.products;
  const parts = counts.withImages + counts.withDescription + counts.withCompatibility + counts.withCategory + counts.withDeliveryTime;
  return { ...counts, averageQuality: n === 0 ? 0 : Math.round((parts / (5 * n)) * 100) };
}
