import { z } from 'zod';
import { listQuerySchema, pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/index.js';
import { idParamsSchema, uuidParam } from './params.js';
import { productInputSchema, productScenarioSchema } from './product.js';
import { serviceOrderSchema, SERVICE_ORDER_PRICE_TYPES } from './service-order.js';
import { productSnapshotSchema } from './snapshots.js';

/** Who manages a store's products: its sellers and store admins, and operators (any store). */
export const PRODUCT_MANAGERS = ['seller', 'store_admin', 'operator'] as const;

/** POST /catalogo/products with scenario 'create'; operators name the store, sellers publish in their own. */
export const createProductBodySchema = productInputSchema.extend({
  scenario: z.literal('create', { error: t('validation.invalidScenario') }).default('create'),
  storeId: uuidParam.optional(),
});

/**
 * PATCH /catalogo/products/{id}: scenario 'edit' (any form fields; the rest stay) or 'stockAndPrice' (the
 * seller confirms stock, and price). The fields are checked with the product they change.
 */
export const patchProductBodySchema = z
  .object({ scenario: productScenarioSchema.exclude(['create']).default('edit') })
  .catchall(z.unknown());

export const republishBodySchema = z.object({ inventario: z.coerce.number().int().min(1).max(1_000_000).optional() });

export const visitsBodySchema = z.object({ productId: uuidParam });

/** GET checkIfTheProductExist with productDetail (JSON): a part number, its brand, and the store (operators). */
export const checkExistQuerySchema = z.object({
  productDetail: z
    .string({ error: t('validation.fieldRequired') })
    .max(2000)
    .transform((v, ctx) => {
      try {
        const parsed = JSON.parse(v) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: t('validation.invalidJson') });
      return z.NEVER;
    })
    .pipe(
      z.object({
        referencia_1: z
          .string({ error: t('validation.fieldRequired') })
          .trim()
          .min(1)
          .max(60),
        manufacturer_title: z.string().trim().max(80).optional(),
        storeId: uuidParam.optional(),
      }),
    ),
});

/** `filter` of GET resultProducts: the store's products by text, state or part number. */
export const sellerListFilterSchema = z.object({
  storeId: uuidParam.optional(),
  search: z.string().trim().max(200).optional(),
  state: z.enum(['published', 'depleted']).optional(),
  reference: z.string().trim().max(60).optional(),
});

/** `storeId` of the store indicators: a seller's own store; operators any, or all stores when absent. */
export const storeScopeQuerySchema = z.object({ storeId: uuidParam.optional() });

export const storeProductCountSchema = z.object({ total: z.number().int(), published: z.number().int(), depleted: z.number().int() });

/** How complete a store's product information is (0–100): images, description, compatibility, category, delivery time. */
export const productQualitySchema = z.object({
  products: z.number().int(),
  averageQuality: z.number().int(),
  withImages: z.number().int(),
  withDescription: z.number().int(),
  withCompatibility: z.number().int(),
  withCategory: z.number().int(),
  withDeliveryTime: z.number().int(),
});
export type ProductQuality = z.infer<typeof productQualitySchema>;

export const compatibilityIndicatorSchema = z.object({
  total: z.number().int(),
  withCompatibility: z.number().int(),
  percentage: z.number().int(),
});

export const serviceOrderPriceSchema = z.object({
  productId: z.string(),
  type_price: z.enum(SERVICE_ORDER_PRICE_TYPES),
  actualPrice: z.number(),
  price: z.number(),
  utility: z.number().nullable(),
  total: z.number().nullable(),
});

const changed = successSchema(z.object({ changed: z.number().int() }));
const product = successSchema(productSnapshotSchema);
const tags = ['marketplace: productos de la tienda'];
const P = '/api/catalogo/products';
const managers = PRODUCT_MANAGERS;

/** The sellers' store management (spec 000 §7 "Store management (under /catalogo/products)"), service-order prices and visits. */
export const productsRoutes = {
  visit: defineRoute({
    method: 'POST',
    path: `${P}/updateProductVisits`,
    summary: 'Registrar una visita a un producto',
    tags,
    body: visitsBodySchema,
    response: successSchema(z.object({ visits: z.number().int() })),
    access: 'public',
    errors: [400, 404],
  }),
  serviceOrderPrice: defineRoute({
    method: 'POST',
    path: `${P}/:id/serviceOrderPrice`,
    summary: 'Guardar el precio para orden de servicio',
    tags,
    params: idParamsSchema,
    body: serviceOrderSchema,
    response: successSchema(serviceOrderPriceSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
  create: defineRoute({
    method: 'POST',
    path: P,
    summary: 'Publicar un producto (scenario create)',
    tags,
    body: createProductBodySchema,
    response: product,
    status: 201,
    access: managers,
    errors: [400, 401, 403, 404, 409],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: `${P}/:id`,
    summary: 'Editar un producto (scenario edit | stockAndPrice)',
    tags,
    params: idParamsSchema,
    body: patchProductBodySchema,
    response: product,
    access: managers,
    errors: [400, 401, 404, 409],
  }),
  load: defineRoute({
    method: 'GET',
    path: `${P}/:id/loadProduct`,
    summary: 'El producto para editarlo',
    tags,
    params: idParamsSchema,
    response: product,
    access: managers,
    errors: [400, 401, 404],
  }),
  countOfStore: defineRoute({
    method: 'GET',
    path: `${P}/:id/countProductsOfStore`,
    summary: 'Productos de la tienda por estado',
    tags,
    params: idParamsSchema,
    response: successSchema(storeProductCountSchema),
    access: managers,
    errors: [400, 401, 403],
  }),
  depleteAll: defineRoute({
    method: 'PATCH',
    path: `${P}/:id/depleteProductsInventory`,
    summary: 'Agotar todos los productos de la tienda',
    tags,
    params: idParamsSchema,
    response: changed,
    access: managers,
    errors: [400, 401, 403],
  }),
  republishAll: defineRoute({
    method: 'PATCH',
    path: `${P}/:id/republishAllProducts`,
    summary: 'Publicar de nuevo los productos agotados de la tienda',
    tags,
    params: idParamsSchema,
    response: changed,
    access: managers,
    errors: [400, 401, 403],
  }),
  republish: defineRoute({
    method: 'PATCH',
    path: `${P}/:id/republishProduct`,
    summary: 'Publicar de nuevo un producto',
    tags,
    params: idParamsSchema,
    body: republishBodySchema,
    response: product,
    access: managers,
    errors: [400, 401, 404],
  }),
  deplete: defineRoute({
    method: 'PATCH',
    path: `${P}/:id/depleteProduct`,
    summary: 'Agotar un producto',
    tags,
    params: idParamsSchema,
    response: product,
    access: managers,
    errors: [400, 401, 404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: `${P}/:id/deleteProduct`,
    summary: 'Eliminar un producto',
    tags,
    params: idParamsSchema,
    response: successSchema(z.object({ id: z.string() })),
    access: managers,
    errors: [400, 401, 404],
  }),
  removeAll: defineRoute({
    method: 'DELETE',
    path: `${P}/:id/deleteAllProductsOfStore`,
    summary: 'Eliminar todos los productos de la tienda',
    tags,
    params: idParamsSchema,
    response: changed,
    access: managers,
    errors: [400, 401, 403],
  }),
  exists: defineRoute({
    method: 'GET',
    path: `${P}/checkIfTheProductExist`,
    summary: 'Si la tienda ya publicó el número de parte y marca',
    tags,
    query: checkExistQuerySchema,
    response: successSchema(z.object({ exists: z.boolean(), productId: z.string().nullable() })),
    access: managers,
    errors: [400, 401, 403],
  }),
  storeProducts: defineRoute({
    method: 'GET',
    path: `${P}/resultProducts`,
    summary: 'Productos de mi tienda (gestión): filter storeId, search, state, reference',
    tags,
    query: listQuerySchema,
    response: pageSchema(productSnapshotSchema),
    access: managers,
    errors: [400, 401, 403],
  }),
  quality: defineRoute({
    method: 'GET',
    path: `${P}/getAverageQuality`,
    summary: 'Calidad promedio de la información de los productos',
    tags,
    query: storeScopeQuerySchema,
    response: successSchema(productQualitySchema),
    access: managers,
    errors: [400, 401, 403],
  }),
  compatibilityIndicator: defineRoute({
    method: 'GET',
    path: `${P}/vehicleCompatibilitiesIndicator`,
    summary: 'Productos con vehículos compatibles',
    tags,
    query: storeScopeQuerySchema,
    response: successSchema(compatibilityIndicatorSchema),
    access: managers,
    errors: [400, 401, 403],
  }),
  suggestions: defineRoute({
    method: 'GET',
    path: `${P}/downloadSuggestions`,
    summary: 'CSV de sugerencias para completar los productos',
    tags,
    query: storeScopeQuerySchema,
    produces: 'text/csv',
    access: managers,
    errors: [400, 401, 403],
  }),
};
