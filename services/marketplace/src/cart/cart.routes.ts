import { z } from 'zod';
import {
  cartAddSchema,
  cartSectionSchema,
  cartUpdateSchema,
  defineRoute,
  listQuerySchema,
  makeOrderSchema,
  makeQuotationSchema,
  sellerAnswerSchema,
  type RouteContract,
} from '@tuerca/contracts';
import { uuidParam } from '../products/products.routes.js';

export const moduleQuerySchema = z.object({ module: cartSectionSchema.default('cart') });
export const transactionsQuerySchema = listQuerySchema.extend({
  onlyQuotation: z.union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]).optional(),
});
export const windowBodySchema = z.object({ remainingTime: z.coerce.number().int().min(1).max(720).optional() });
export const notAvailableBodySchema = z.object({ quotationId: uuidParam, comment: z.string().trim().max(1000).optional() });

const tags = ['marketplace: cotizaciones y carrito'];
const user = 'user' as const;
const sellers = ['seller', 'store_admin', 'operator'] as const;

export const cartRoutes: RouteContract[] = [
  defineRoute({
    method: 'POST',
    path: '/api/cart/cartShoppingHeader/makeQuotation',
    summary: 'Solicitar confirmación de disponibilidad (salesModel 3)',
    tags,
    body: makeQuotationSchema,
    access: user,
    errors: [400, 401, 403, 404, 409],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/cart/cartShoppingHeader/makeOrder',
    summary: 'Hacer un pedido de una cotización respondida',
    tags,
    body: makeOrderSchema,
    access: user,
    errors: [400, 401, 404, 409],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/cart/CartShoppingHeader/listAllTransactions',
    summary: 'Mis cotizaciones (onlyQuotation) y pedidos; para vendedores, los de su tienda',
    tags,
    query: transactionsQuerySchema,
    access: user,
    errors: [400, 401],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/cart/page/sendQuotationToClientAjax',
    summary: 'El vendedor responde: disponible (abre la compra por remainingTime horas)',
    tags,
    body: sellerAnswerSchema,
    access: sellers,
    errors: [400, 401, 403, 404, 409],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/cart/page/sendQuotationNotavailableToClientAjax',
    summary: 'El vendedor responde: no disponible',
    tags,
    body: notAvailableBodySchema,
    access: sellers,
    errors: [400, 401, 403, 404, 409],
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/cart/cartShoppingHeader/:id/editStockConfirmationAsAvailable',
    summary: 'Marcar una confirmación de disponibilidad como disponible',
    tags,
    params: z.object({ id: uuidParam }),
    body: windowBodySchema,
    access: sellers,
    errors: [400, 401, 403, 404, 409],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/cart/CartShopingPending/countItemsInShoppingCart',
    summary: 'Ítems en carrito y favoritos',
    tags,
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: '/api/cart/CartShopingPending/itemsPendingShoppingCart',
    summary: 'Ítems del carrito o de favoritos (module)',
    tags,
    query: moduleQuerySchema,
    access: 'public',
    errors: [400],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/cart/CartShopingPending/verifyMinimunValue',
    summary: 'Valor mínimo de compra por tienda',
    tags,
    access: 'public',
  }),
  ...(['cart', 'favorites'] as const).flatMap((module) => [
    defineRoute({
      method: 'POST',
      path: `/api/${module}/page/add`,
      summary: `Agregar (Comprar) — va al carrito o a favoritos según cartTypeBySaleModel`,
      tags,
      body: cartAddSchema,
      access: 'public',
      errors: [400, 404, 409],
    }),
    defineRoute({
      method: 'POST',
      path: `/api/${module}/page/update`,
      summary: `Cambiar la cantidad de un ítem (${module})`,
      tags,
      body: cartUpdateSchema,
      access: 'public',
      errors: [400, 404],
    }),
    defineRoute({
      method: 'GET',
      path: `/api/${module}/page/remove/:id`,
      summary: `Retirar un ítem (${module})`,
      tags,
      params: z.object({ id: uuidParam }),
      access: 'public',
      errors: [400, 404],
    }),
  ]),
];
