import { z } from 'zod';
import { adminResource } from '../http/admin-routes.js';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { idParamsSchema } from './params.js';
import { transactionIdParams } from './purchase.js';
import {
  changeOrderVisibilitySchema,
  getClientsApiQuerySchema,
  storeApiClientCreateSchema,
  storeApiClientSchema,
  storeApiClientUpdateSchema,
  storeApiDeliverySchema,
  storeOrderSchema,
} from './store-api.js';

/**
 * A store's own order API (issue #13; spec 000 §7 "Cart and transactions": getClientsApi (storeId), PATCH
 * .../{id}/removeApiSync, changeOrderVisibility, sendOrderToAPI). Sellers and store admins act on their own
 * store's transactions and clients, operators on any; another store's transaction or client answers 404.
 */

const tags = ['marketplace: API de tiendas'];
const STORE_SIDE = ['seller', 'store_admin', 'operator'] as const;
/** Registering a client gives a URL Tuerca will call with the store's orders: store admins and operators. */
const CLIENT_WRITE = ['store_admin', 'operator'] as const;
const ADMIN_READ = ['operator', 'adviser', 'seller', 'store_admin'] as const;
const messageMeta = z.object({ message: z.string().optional() }).catchall(z.unknown());
const orderRoute = { params: transactionIdParams, access: STORE_SIDE, tags, errors: [400, 401, 403, 404, 409] } as const;

export const storeApiRoutes = {
  getClientsApi: defineRoute({
    method: 'GET',
    path: '/api/cart/cartShoppingHeader/getClientsApi',
    summary: 'Clientes de API de una tienda (storeId; los vendedores, los de su tienda)',
    tags,
    query: getClientsApiQuerySchema,
    response: successSchema(z.array(storeApiClientSchema)),
    access: STORE_SIDE,
    errors: [400, 401, 403],
  }),
  sendOrderToAPI: defineRoute({
    method: 'PATCH',
    path: '/api/cart/cartShoppingHeader/:id/sendOrderToAPI',
    summary: 'Reenvía un pedido a la API de la tienda (una entrega nueva, con un event id nuevo, por cliente activo)',
    ...orderRoute,
    response: successSchema(storeOrderSchema, messageMeta),
  }),
  removeApiSync: defineRoute({
    method: 'PATCH',
    path: '/api/cart/cartShoppingHeader/:id/removeApiSync',
    summary: 'Deja de sincronizar un pedido con la API de la tienda (las entregas pendientes se cancelan)',
    ...orderRoute,
    response: successSchema(storeOrderSchema, messageMeta),
  }),
  changeOrderVisibility: defineRoute({
    method: 'PATCH',
    path: '/api/cart/cartShoppingHeader/:id/changeOrderVisibility',
    summary: 'Oculta o muestra un pedido en el listado de la tienda (visible; sin cuerpo, alterna)',
    ...orderRoute,
    body: changeOrderVisibilitySchema,
    response: successSchema(storeOrderSchema, messageMeta),
  }),
  adminClients: {
    ...adminResource('/admin-api/store-api-clients', {
      summary: 'Clientes de API de las tiendas (los vendedores ven los de su tienda)',
      tags,
      row: storeApiClientSchema,
      params: idParamsSchema,
      read: ADMIN_READ,
      write: CLIENT_WRITE,
    }),
    create: defineRoute({
      method: 'POST',
      path: '/admin-api/store-api-clients',
      summary: 'Registrar un cliente de API (el secreto se muestra solo en esta respuesta)',
      tags,
      body: storeApiClientCreateSchema,
      response: storeApiClientSchema,
      status: 201,
      access: CLIENT_WRITE,
      errors: [400, 401, 403, 404],
    }),
    update: defineRoute({
      method: 'PUT',
      path: '/admin-api/store-api-clients/:id',
      summary: 'Cambiar URL, nombre o activo, o rotar el secreto (el nuevo se muestra solo en esta respuesta)',
      tags,
      params: idParamsSchema,
      body: storeApiClientUpdateSchema,
      response: storeApiClientSchema,
      access: CLIENT_WRITE,
      errors: [400, 401, 403, 404],
    }),
  },
  adminDeliveries: adminResource('/admin-api/store-api-deliveries', {
    summary: 'Registro de entregas a las API de las tiendas, con cada intento',
    tags,
    row: storeApiDeliverySchema,
    params: idParamsSchema,
    read: ADMIN_READ,
    write: CLIENT_WRITE,
  }),
};
