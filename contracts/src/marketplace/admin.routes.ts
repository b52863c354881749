import { z } from 'zod';
import { adminIdsFilterSchema, adminResource } from '../http/admin-routes.js';
import { defineRoute } from '../http/route.js';
import { idParamsSchema, uuidParam } from './params.js';
import { compatibleVehicleSchema, productInputSchema } from './product.js';
import { QUOTATION_STATES } from './quotation.js';
import { storeInputSchema, storeViewSchema } from './stores.js';
import { t } from '../messages/format.js';

/** Who reads the marketplace's operator-console resources; sellers and store admins are narrowed to their own store. */
export const MARKET_READ = ['operator', 'adviser', 'seller', 'store_admin'] as const;
export const MARKET_WRITE = ['operator', 'seller', 'store_admin'] as const;

export const adminStoreFilterSchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  id: adminIdsFilterSchema.optional(),
  country: z.enum(['CO', 'MX']).optional(),
  isVirtualStore: z.boolean().optional(),
});

export const adminProductFilterSchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  id: adminIdsFilterSchema.optional(),
  reference: z.string().trim().max(60).optional(),
  storeId: uuidParam.optional(),
  state: z.enum(['published', 'depleted']).optional(),
  salesModel: z.coerce.number().int().min(1).max(3).optional(),
});
export type AdminProductFilter = z.infer<typeof adminProductFilterSchema>;

export const adminQuotationFilterSchema = z.strictObject({
  id: adminIdsFilterSchema.optional(),
  storeId: uuidParam.optional(),
  productId: uuidParam.optional(),
  state: z.enum(QUOTATION_STATES).optional(),
});
export type AdminQuotationFilter = z.infer<typeof adminQuotationFilterSchema>;

/** PUT /admin-api/quotations/:id: the seller's answer. */
export const adminQuotationAnswerSchema = z.object({
  state: z.enum(['available', 'not_available'], { error: t('validation.chooseAvailability') }),
  remainingTime: z.coerce.number().int().min(1).max(720).optional(),
  price: z.coerce.number().min(0).max(1_000_000_000).optional(),
});

/** PUT /admin-api/products/:id: the product's fields (react-admin sends the whole record), or a state change (deplete / republish). */
export const adminProductUpdateSchema = z.object({ state: z.enum(['published', 'depleted']).optional() }).catchall(z.unknown());

/** A seller's product as the operator console lists it. */
export const adminProductSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  title: z.string(),
  manufacturer_title: z.string(),
  descripcion: z.string(),
  observaciones: z.string(),
  referencia_1: z.string(),
  referencia_2: z.string().nullable(),
  referencia_3: z.string().nullable(),
  inventario: z.number().int(),
  actualPrice: z.number(),
  currency: z.enum(['COP', 'MXN']),
  hidePrices: z.boolean(),
  salesModel: z.number().int(),
  cartTypeBySaleModel: z.enum(['cart', 'favorites']),
  quotationMaxQuantity: z.number().int().nullable(),
  remainingTime: z.number().int(),
  minimum_order_quantity: z.number().int(),
  tiempos_de_entrega: z.string(),
  category: z.string().nullable(),
  imagesURLs: z.array(z.string()),
  compatibleVehicles: z.array(compatibleVehicleSchema),
  state: z.enum(['published', 'depleted', 'deleted']),
  visits: z.number().int(),
  fecha_actualizacion: z.string(),
  available: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A quotation as the operator console lists it (the quotations capability gives its fields). */
export const adminQuotationSchema = z
  .object({ id: z.string(), productId: z.string(), state: z.enum(QUOTATION_STATES), quantity: z.number() })
  .loose();

const tags = ['marketplace: consola de operación'];
const writeErrors = [400, 401, 403, 404] as const;

const storesResource = adminResource('/admin-api/stores', {
  summary: 'Tiendas y tiendas virtuales',
  tags,
  row: storeViewSchema,
  params: idParamsSchema,
  read: MARKET_READ,
  write: ['operator', 'store_admin'],
});
const productsResource = adminResource('/admin-api/products', {
  summary: 'Productos de los vendedores',
  tags,
  row: adminProductSchema,
  params: idParamsSchema,
  read: MARKET_READ,
  write: MARKET_WRITE,
  remove: 'Eliminar un producto',
});
const quotationsResource = adminResource('/admin-api/quotations', {
  summary: 'Cotizaciones (confirmaciones de disponibilidad)',
  tags,
  row: adminQuotationSchema,
  params: idParamsSchema,
  read: MARKET_READ,
  write: MARKET_WRITE,
});

/**
 * The marketplace's operator-console resources in ra-data-simple-rest's dialect (bare JSON, Content-Range).
 * The writes a resource allows are defined here with their bodies; the refused ones answer 405.
 */
export const marketplaceAdminRoutes = {
  stores: {
    ...storesResource,
    create: defineRoute({
      method: 'POST',
      path: '/admin-api/stores',
      summary: 'Crear una tienda (operadores)',
      tags,
      body: storeInputSchema,
      response: storeViewSchema,
      status: 201,
      access: ['operator', 'store_admin'],
      errors: [400, 401, 403, 409],
    }),
    update: defineRoute({
      method: 'PUT',
      path: '/admin-api/stores/:id',
      summary: 'Editar una tienda (operadores; su administrador, la suya, sin cambiar su país, si es virtual ni su prefijo)',
      tags,
      params: idParamsSchema,
      body: z.object({}).catchall(z.unknown()),
      response: storeViewSchema,
      access: ['operator', 'store_admin'],
      errors: [...writeErrors, 409],
    }),
  },
  products: {
    ...productsResource,
    create: defineRoute({
      method: 'POST',
      path: '/admin-api/products',
      summary: 'Publicar un producto',
      tags,
      body: productInputSchema.extend({ storeId: uuidParam.optional() }),
      response: adminProductSchema,
      status: 201,
      access: MARKET_WRITE,
      errors: [400, 401, 403, 404, 409],
    }),
    update: defineRoute({
      method: 'PUT',
      path: '/admin-api/products/:id',
      summary: 'Editar un producto, agotarlo o publicarlo de nuevo',
      tags,
      params: idParamsSchema,
      body: adminProductUpdateSchema,
      response: adminProductSchema,
      access: MARKET_WRITE,
      errors: [...writeErrors, 409],
    }),
  },
  quotations: {
    ...quotationsResource,
    update: defineRoute({
      method: 'PUT',
      path: '/admin-api/quotations/:id',
      summary: 'Responder: disponible (con ventana en horas) o no disponible',
      tags,
      params: idParamsSchema,
      body: adminQuotationAnswerSchema,
      response: adminQuotationSchema,
      access: MARKET_WRITE,
      errors: [...writeErrors, 409],
    }),
  },
};
