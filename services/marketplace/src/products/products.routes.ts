import { z } from 'zod';
import {
  defineRoute,
  listQuerySchema,
  productInputSchema,
  productScenarioSchema,
  serviceOrderSchema,
  type RouteContract,
} from '@tuerca/contracts';

/** Ids that are not uuids name nothing: 400 with a Spanish message, never a database error. */
export const uuidParam = z.string().uuid({ error: 'Identificador inválido' });

export const referenceQuerySchema = z.object({
  reference: z
    .string({ error: 'Ingresa el número de parte para buscar' })
    .trim()
    .min(1, { error: 'Ingresa el número de parte para buscar' })
    .max(60),
  /** The virtual store the person browses (its path prefix); the marketplace when absent. */
  pathPrefix: z.string().trim().max(60).optional(),
  /** The stores' country; the person's own (CO for guests) when absent. */
  country: z.enum(['CO', 'MX']).optional(),
});

export const productListQuerySchema = listQuerySchema.extend({ pathPrefix: z.string().trim().max(60).optional() });

export const productUrlQuerySchema = z.object({
  productUrl: z.string({ error: 'Este campo es obligatorio' }).trim().min(1, { error: 'Este campo es obligatorio' }).max(300),
});

export const marketPricesQuerySchema = z.object({ reference: referenceQuerySchema.shape.reference });

export const visitsBodySchema = z.object({ productId: uuidParam });

export const productIdsBodySchema = z.object({ ids: z.array(uuidParam).min(1).max(200) });

export const createProductBodySchema = z.object({
  scenario: z.literal('create', { error: 'Escenario inválido' }).default('create'),
  /** Operators name the store; sellers publish in their own. */
  storeId: uuidParam.optional(),
});

export const patchProductBodySchema = z.object({ scenario: productScenarioSchema.exclude(['create']).default('edit') });

export const republishBodySchema = z.object({ inventario: z.coerce.number().int().min(1).max(1_000_000).optional() });

export const checkExistQuerySchema = z.object({
  productDetail: z
    .string({ error: 'Este campo es obligatorio' })
    .max(2000)
    .transform((v, ctx) => {
      try {
        const parsed = JSON.parse(v) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'Formato JSON inválido' });
      return z.NEVER;
    })
    .pipe(
      z.object({
        referencia_1: z.string({ error: 'Este campo es obligatorio' }).trim().min(1).max(60),
        manufacturer_title: z.string().trim().max(80).optional(),
        storeId: uuidParam.optional(),
      }),
    ),
});

export const sellerListFilterSchema = z.object({
  storeId: uuidParam.optional(),
  search: z.string().trim().max(200).optional(),
  state: z.enum(['published', 'depleted']).optional(),
  reference: z.string().trim().max(60).optional(),
});

export const facetFilterSchema = z.object({
  storeId: uuidParam.optional(),
  make: z.string().trim().max(60).optional(),
  search: z.string().trim().max(200).optional(),
});
export const facetQuerySchema = z.object({ filter: listQuerySchema.shape.filter });

export const storeScopeQuerySchema = z.object({ storeId: uuidParam.optional() });

const tags = ['marketplace: productos'];
const P = '/api/catalogo/products';
const sellers = ['seller', 'store_admin', 'operator'] as const;

export const productsRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: P,
    summary: 'Buscar productos (texto en español o número de parte), en el orden de la especificación',
    tags,
    query: productListQuerySchema,
    access: 'public',
    errors: [400],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/searchProductByReference`,
    summary: 'Productos con el número de parte y sus sustitutos',
    tags,
    query: referenceQuerySchema,
    access: 'public',
    errors: [400],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/getProductDetailByUrl`,
    summary: 'Detalle de un producto por su dirección',
    tags,
    query: productUrlQuerySchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/getMarketPrices`,
    summary: 'Precios del mercado de un número de parte',
    tags,
    query: marketPricesQuerySchema,
    access: 'public',
    errors: [400],
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/updateProductVisits`,
    summary: 'Registrar una visita a un producto',
    tags,
    body: visitsBodySchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/getProducts`,
    summary: 'Productos por sus ids',
    tags,
    body: productIdsBodySchema,
    access: 'public',
    errors: [400],
  }),
  ...(['getMakesFilter', 'getModelsFilter', 'getBrandsFilter', 'getGroupsFilter', 'getBrandsAndGroupsFilter'] as const).map((name) =>
    defineRoute({
      method: 'GET',
      path: `${P}/${name}`,
      summary: `Valores del filtro (${name})`,
      tags,
      query: facetQuerySchema,
      access: 'public',
      errors: [400],
    }),
  ),
  defineRoute({
    method: 'GET',
    path: `${P}/:id`,
    summary: 'Un producto como lo muestran los resultados',
    tags,
    params: z.object({ id: uuidParam }),
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id/getCompatibleVehicles`,
    summary: 'Vehículos compatibles de un producto, por marca',
    tags,
    params: z.object({ id: uuidParam }),
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/:id/serviceOrderPrice`,
    summary: 'Guardar el precio para orden de servicio',
    tags,
    params: z.object({ id: uuidParam }),
    body: serviceOrderSchema,
    access: 'user',
    errors: [400, 401, 404],
  }),
  // Store management (sellers and store admins of the store, operators)
  defineRoute({
    method: 'POST',
    path: P,
    summary: 'Publicar un producto (scenario create)',
    tags,
    body: productInputSchema.extend(createProductBodySchema.shape),
    access: sellers,
    errors: [400, 401, 403, 409],
  }),
  defineRoute({
    method: 'PATCH',
    path: `${P}/:id`,
    summary: 'Editar un producto (scenario edit | stockAndPrice)',
    tags,
    params: z.object({ id: uuidParam }),
    body: patchProductBodySchema,
    access: sellers,
    errors: [400, 401, 404, 409],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id/loadProduct`,
    summary: 'El producto para editarlo',
    tags,
    params: z.object({ id: uuidParam }),
    access: sellers,
    errors: [400, 401, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id/countProductsOfStore`,
    summary: 'Productos de la tienda por estado',
    tags,
    params: z.object({ id: uuidParam }),
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'PATCH',
    path: `${P}/:id/depleteProductsInventory`,
    summary: 'Agotar todos los productos de la tienda',
    tags,
    params: z.object({ id: uuidParam }),
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'PATCH',
    path: `${P}/:id/republishAllProducts`,
    summary: 'Publicar de nuevo los productos agotados de la tienda',
    tags,
    params: z.object({ id: uuidParam }),
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'PATCH',
    path: `${P}/:id/republishProduct`,
    summary: 'Publicar de nuevo un producto',
    tags,
    params: z.object({ id: uuidParam }),
    body: republishBodySchema,
    access: sellers,
    errors: [400, 401, 404],
  }),
  defineRoute({
    method: 'PATCH',
    path: `${P}/:id/depleteProduct`,
    summary: 'Agotar un producto',
    tags,
    params: z.object({ id: uuidParam }),
    access: sellers,
    errors: [400, 401, 404],
  }),
  defineRoute({
    method: 'DELETE',
    path: `${P}/:id/deleteProduct`,
    summary: 'Eliminar un producto',
    tags,
    params: z.object({ id: uuidParam }),
    access: sellers,
    errors: [400, 401, 404],
  }),
  defineRoute({
    method: 'DELETE',
    path: `${P}/:id/deleteAllProductsOfStore`,
    summary: 'Eliminar todos los productos de la tienda',
    tags,
    params: z.object({ id: uuidParam }),
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/checkIfTheProductExist`,
    summary: 'Si la tienda ya publicó el número de parte y marca',
    tags,
    query: checkExistQuerySchema,
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/resultProducts`,
    summary: 'Productos de mi tienda (gestión)',
    tags,
    query: listQuerySchema,
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/getAverageQuality`,
    summary: 'Calidad promedio de la información de los productos',
    tags,
    query: storeScopeQuerySchema,
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/vehicleCompatibilitiesIndicator`,
    summary: 'Productos con vehículos compatibles',
    tags,
    query: storeScopeQuerySchema,
    access: sellers,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/downloadSuggestions`,
    summary: 'CSV de sugerencias para completar los productos',
    tags,
    query: storeScopeQuerySchema,
    access: sellers,
    errors: [400, 401, 403],
  }),
];
