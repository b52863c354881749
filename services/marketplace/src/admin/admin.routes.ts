import { z } from 'zod';
import { QUOTATION_STATES, productInputSchema, type RouteContract } from '@tuerca/contracts';
import { adminIdsFilterSchema, adminResourceRoutes } from '@tuerca/platform';
import { storeInputSchema } from '../stores/stores.routes.js';

/** Who reads the marketplace's admin resources; sellers and store admins are narrowed to their own store. */
export const MARKET_READ = ['operator', 'adviser', 'seller', 'store_admin'] as const;
export const MARKET_WRITE = ['operator', 'seller', 'store_admin'] as const;

const uuid = z.uuid({ error: 'Valor inválido' });

export const adminIdParams = z.object({ id: uuid });

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
  storeId: uuid.optional(),
  state: z.enum(['published', 'depleted']).optional(),
  salesModel: z.coerce.number().int().min(1).max(3).optional(),
});

export const adminQuotationFilterSchema = z.strictObject({
  id: adminIdsFilterSchema.optional(),
  storeId: uuid.optional(),
  productId: uuid.optional(),
  state: z.enum(QUOTATION_STATES).optional(),
});

/** PUT /admin-api/quotations/:id: the seller's answer. */
export const adminQuotationAnswerSchema = z.object({
  state: z.enum(['available', 'not_available'], { error: 'Elige disponible o no disponible' }),
  remainingTime: z.coerce.number().int().min(1).max(720).optional(),
  price: z.coerce.number().min(0).max(1_000_000_000).optional(),
});

/** PUT /admin-api/products/:id: the product's fields, or just a state change (deplete / republish). */
export const adminProductUpdateSchema = z.object({ state: z.enum(['published', 'depleted']).optional() }).loose();

const storeRow = storeInputSchema.extend({ id: z.string(), currency: z.string(), createdAt: z.string(), updatedAt: z.string() });
const productRow = z
  .object({
    id: z.string(),
    storeId: z.string(),
    storeName: z.string(),
    title: z.string(),
    referencia_1: z.string(),
    state: z.string(),
    available: z.boolean(),
  })
  .loose();
const quotationRow = z.object({ id: z.string(), productId: z.string(), state: z.enum(QUOTATION_STATES), quantity: z.number() }).loose();

const tags = ['marketplace: consola de operación'];

export const marketplaceAdminRoutes: RouteContract[] = [
  ...adminResourceRoutes('/admin-api/stores', {
    summary: 'Tiendas y tiendas virtuales',
    tags,
    row: storeRow,
    params: adminIdParams,
    read: MARKET_READ,
    write: MARKET_WRITE,
    create: { body: storeInputSchema, summary: 'Crear una tienda (operadores)' },
    update: { body: storeInputSchema.partial(), summary: 'Editar una tienda (operadores; su administrador, la suya)' },
  }),
  ...adminResourceRoutes('/admin-api/products', {
    summary: 'Productos de los vendedores',
    tags,
    row: productRow,
    params: adminIdParams,
    read: MARKET_READ,
    write: MARKET_WRITE,
    create: { body: productInputSchema.extend({ storeId: uuid.optional() }), summary: 'Publicar un producto' },
    update: { body: adminProductUpdateSchema, summary: 'Editar un producto, agotarlo o publicarlo de nuevo' },
    remove: 'Eliminar un producto',
  }),
  ...adminResourceRoutes('/admin-api/quotations', {
    summary: 'Cotizaciones (confirmaciones de disponibilidad)',
    tags,
    row: quotationRow,
    params: adminIdParams,
    read: MARKET_READ,
    write: MARKET_WRITE,
    update: { body: adminQuotationAnswerSchema, summary: 'Responder: disponible (con ventana en horas) o no disponible' },
  }),
];
