import { z } from 'zod';
import { listQuerySchema, pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/index.js';
import { countryParam, idParamsSchema, pathPrefixParam, referenceParam, uuidParam } from './params.js';
import { productViewSchema, searchByReferenceResultSchema } from './product.js';

/** GET /catalogo/products/searchProductByReference and getMarketPrices: the part number, and where it is searched. */
export const referenceQuerySchema = z.object({
  reference: referenceParam,
  /** The virtual store the person browses (its path prefix); the marketplace when absent. */
  pathPrefix: pathPrefixParam.optional(),
  /** The stores' country; the person's own (CO for guests) when absent. */
  country: countryParam.optional(),
});

/** GET /catalogo/products: the spec's list query, and the virtual store browsed. */
export const productListQuerySchema = listQuerySchema.extend({ pathPrefix: pathPrefixParam.optional() });

export const productUrlQuerySchema = z.object({
  productUrl: z
    .string({ error: t('validation.fieldRequired') })
    .trim()
    .min(1, { error: t('validation.fieldRequired') })
    .max(300),
});

export const productIdsBodySchema = z.object({ ids: z.array(uuidParam).min(1).max(200) });

/** `filter` of the results' filters (getMakesFilter, ...): one store's, a make's or a text's products. */
export const facetFilterSchema = z.object({
  storeId: uuidParam.optional(),
  make: z.string().trim().max(60).optional(),
  search: z.string().trim().max(200).optional(),
});
export const facetQuerySchema = z.object({ filter: listQuerySchema.shape.filter });

export const FACETS = ['getMakesFilter', 'getModelsFilter', 'getBrandsFilter', 'getGroupsFilter', 'getBrandsAndGroupsFilter'] as const;
export type Facet = (typeof FACETS)[number];

/** One value of a results filter and how many products have it. */
export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** spec 000 §3 "Compatible vehicles: grouped by make, each with full_models, years, engines"; AI-assigned engines marked. */
export const compatibleVehiclesViewSchema = z.array(
  z.object({
    make: z.string(),
    full_models: z.array(z.string()),
    years: z.array(z.number().int()),
    // spec 000 §3: engines are strings; the AI-assigned ones end in the suffix (as in the product's compatibleVehicles).
    engines: z.array(z.string()),
  }),
);

/** What sellers ask for a part number, per currency (published, in stock, prices shown). */
export const marketPricesSchema = z.object({
  reference: z.string(),
  prices: z.array(z.object({ currency: z.string(), min: z.number(), max: z.number(), average: z.number(), offers: z.number().int() })),
});
export type MarketPrices = z.infer<typeof marketPricesSchema>;

const tags = ['marketplace: búsqueda'];
const P = '/api/catalogo/products';

const facetRoute = <N extends Facet>(name: N, data: z.ZodType) =>
  defineRoute({
    method: 'GET',
    path: `${P}/${name}` as `${typeof P}/${N}`,
    summary: `Valores del filtro de resultados (${name}): filter storeId, make, search`,
    tags,
    query: facetQuerySchema,
    response: successSchema(data),
    access: 'public',
    errors: [400],
  });

/** The results' reads (spec 000 §7 "Products"), public and per person: their quotations and cart shape the answer. */
export const searchRoutes = {
  list: defineRoute({
    method: 'GET',
    path: P,
    summary: 'Buscar productos (texto en español o número de parte), en el orden de la especificación',
    tags,
    query: productListQuerySchema,
    response: pageSchema(productViewSchema, { corrected: z.string().optional() }),
    access: 'public',
    errors: [400],
  }),
  byReference: defineRoute({
    method: 'GET',
    path: `${P}/searchProductByReference`,
    summary: 'Productos con el número de parte y sus sustitutos',
    tags,
    query: referenceQuerySchema,
    response: successSchema(searchByReferenceResultSchema, z.object({ reference: z.string(), country: countryParam, found: z.boolean() })),
    access: 'public',
    errors: [400],
  }),
  byUrl: defineRoute({
    method: 'GET',
    path: `${P}/getProductDetailByUrl`,
    summary: 'Detalle de un producto por su dirección',
    tags,
    query: productUrlQuerySchema,
    response: successSchema(productViewSchema),
    access: 'public',
    errors: [400, 404],
  }),
  marketPrices: defineRoute({
    method: 'GET',
    path: `${P}/getMarketPrices`,
    summary: 'Precios del mercado de un número de parte',
    tags,
    query: z.object({ reference: referenceParam }),
    response: successSchema(marketPricesSchema),
    access: 'public',
    errors: [400],
  }),
  byIds: defineRoute({
    method: 'POST',
    path: `${P}/getProducts`,
    summary: 'Productos por sus ids, en el orden pedido',
    tags,
    body: productIdsBodySchema,
    response: successSchema(z.array(productViewSchema)),
    access: 'public',
    errors: [400],
  }),
  makes: facetRoute('getMakesFilter', z.array(facetValueSchema)),
  models: facetRoute('getModelsFilter', z.array(facetValueSchema)),
  brands: facetRoute('getBrandsFilter', z.array(facetValueSchema)),
  groups: facetRoute('getGroupsFilter', z.array(facetValueSchema)),
  brandsAndGroups: facetRoute(
    'getBrandsAndGroupsFilter',
    z.object({ brands: z.array(facetValueSchema), groups: z.array(facetValueSchema) }),
  ),
  one: defineRoute({
    method: 'GET',
    path: `${P}/:id`,
    summary: 'Un producto como lo muestran los resultados',
    tags,
    params: idParamsSchema,
    response: successSchema(productViewSchema),
    access: 'public',
    errors: [400, 404],
  }),
  compatibleVehicles: defineRoute({
    method: 'GET',
    path: `${P}/:id/getCompatibleVehicles`,
    summary: 'Vehículos compatibles de un producto, por marca',
    tags,
    params: idParamsSchema,
    response: successSchema(compatibleVehiclesViewSchema),
    access: 'public',
    errors: [400, 404],
  }),
};
