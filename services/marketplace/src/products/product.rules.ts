import { cleanReference, type CompatibleVehicle, type ProductInput, type ProductSnapshot, type ProductState } from '@tuerca/contracts';

/** A product row of the write model as the database returns it. */
export interface ProductRecord {
  id: string;
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
  cart_type: 'cart' | 'favorites';
  quotation_max_quantity: number | null;
  remaining_time: number;
  compatible_vehicles: CompatibleVehicle[];
  category: string | null;
  confirm_product_in_api: boolean;
  state: ProductState;
  visits: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The event payload of a product (ProductPublished / ProductUpdated): its whole read shape. */
export function snapshotOf(p: ProductRecord): ProductSnapshot {
  return {
    id: p.id,
    storeId: p.store_id,
    title: p.title,
    manufacturer_title: p.manufacturer_title,
    descripcion: p.descripcion,
    observaciones: p.observaciones,
    referencia_1: p.referencia_1,
    referencia_2: p.referencia_2,
    referencia_3: p.referencia_3,
    inventario: p.inventario,
    fecha_actualizacion: new Date(p.fecha_actualizacion).toISOString(),
    actualPrice: Number(p.actual_price),
    hidePrices: p.hide_prices,
    imagesURLs: p.images_urls,
    productUrl: p.product_url,
    tiempos_de_entrega: p.tiempos_de_entrega,
    minimum_order_quantity: p.minimum_order_quantity,
    salesModel: p.sales_model,
    cartTypeBySaleModel: p.cart_type,
    quotationMaxQuantity: p.quotation_max_quantity,
    remainingTime: p.remaining_time,
    compatibleVehicles: p.compatible_vehicles,
    category: p.category,
    confirmProductInAPI: p.confirm_product_in_api,
    state: p.state,
    updatedAt: new Date(p.updated_at).toISOString(),
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

/** The product page's address: title, brand and reference, then a short id so two sellers never collide. */
export function productUrlFor(input: Pick<ProductInput, 'title' | 'manufacturer_title' | 'referencia_1'>, id: string): string {
  return `${slugify(`${input.title} ${input.manufacturer_title} ${input.referencia_1}`)}-${id.replace(/-/g, '').slice(0, 10)}`;
}

/** The columns of a product row written from the seller's input (the same for create and edit). */
export function columnsOf(input: ProductInput): Record<string, unknown> {
  return {
    title: input.title,
    manufacturer_title: input.manufacturer_title,
    descripcion: input.descripcion,
    observaciones: input.observaciones,
    referencia_1: input.referencia_1,
    referencia_2: input.referencia_2 || null,
    referencia_3: input.referencia_3 || null,
    clean_reference_1: cleanReference(input.referencia_1),
    clean_reference_2: input.referencia_2 ? cleanReference(input.referencia_2) : null,
    clean_reference_3: input.referencia_3 ? cleanReference(input.referencia_3) : null,
    inventario: input.inventario,
    actual_price: input.actualPrice,
    hide_prices: input.hidePrices,
    images_urls: JSON.stringify(input.imagesURLs),
    tiempos_de_entrega: input.tiempos_de_entrega,
    minimum_order_quantity: input.minimum_order_quantity,
    sales_model: input.salesModel,
    cart_type: input.cartTypeBySaleModel,
    quotation_max_quantity: input.quotationMaxQuantity,
    remaining_time: input.remainingTime,
    compatible_vehicles: JSON.stringify(input.compatibleVehicles),
    category: input.category,
    confirm_product_in_api: input.confirmProductInAPI,
  };
}

/** The seller's form values of a stored product (an edit starts from them). */
export function inputOf(p: ProductRecord): ProductInput {
  return {
    title: p.title,
    manufacturer_title: p.manufacturer_title,
    descripcion: p.descripcion,
    observaciones: p.observaciones,
    referencia_1: p.referencia_1,
    referencia_2: p.referencia_2,
    referencia_3: p.referencia_3,
    inventario: p.inventario,
    actualPrice: Number(p.actual_price),
    hidePrices: p.hide_prices,
    imagesURLs: p.images_urls,
    tiempos_de_entrega: p.tiempos_de_entrega,
    minimum_order_quantity: p.minimum_order_quantity,
    salesModel: p.sales_model as 1 | 2 | 3,
    cartTypeBySaleModel: p.cart_type,
    quotationMaxQuantity: p.quotation_max_quantity,
    remainingTime: p.remaining_time,
    compatibleVehicles: p.compatible_vehicles,
    category: p.category,
    confirmProductInAPI: p.confirm_product_in_api,
  };
}
