import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { listQuerySchema, successSchema } from '../http/envelope.js';
import {
  associateVehicleBodySchema,
  cancelTransactionBodySchema,
  changeReadStatusBodySchema,
  quotationRecordSchema,
  shippingChoiceSchema,
  transactionIdParams,
  transactionViewSchema,
} from './purchase.js';

/**
 * The buyer's transactions (spec 000 §7 "Cart and transactions": listAllTransactions, PATCH
 * CartShoppingHeader/{id}, loadTransaction, setShippingInfo, associateVehicleToPurchase, getUnreadTransactions,
 * changeReadStatus). Another person's transaction id answers 404.
 */

const tags = ['marketplace: compras'];
const listMeta = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }).catchall(z.unknown());
const messageMeta = z.object({ message: z.string().optional() }).catchall(z.unknown());
const idRoute = { params: transactionIdParams, access: 'user', tags } as const;

export const transactionsQuerySchema = listQuerySchema.extend({
  /** spec 000 §7: separates quotation records (1) from purchases (0, the default). */
  onlyQuotation: z.enum(['0', '1', 'true', 'false'], { error: 'Valor inválido' }).optional(),
});

export const purchasesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/cart/CartShoppingHeader/listAllTransactions',
    summary:
      'Mis compras (transacciones) o, con onlyQuotation, mis cotizaciones; filter {state, storeId, q, from, to, typeUser}, scopes open|paid|closed|unread',
    tags,
    query: transactionsQuerySchema,
    response: successSchema(z.array(z.union([transactionViewSchema, quotationRecordSchema])), listMeta),
    access: 'user',
    errors: [400, 401, 403],
  }),
  cancel: defineRoute({
    method: 'PATCH',
    path: '/api/cart/CartShoppingHeader/:id',
    summary: 'El comprador cancela una transacción que no está pagada (el stock reservado vuelve a la tienda)',
    ...idRoute,
    body: cancelTransactionBodySchema,
    response: successSchema(transactionViewSchema, messageMeta),
    errors: [400, 401, 404, 409],
  }),
  load: defineRoute({
    method: 'GET',
    path: '/api/cart/cartShoppingHeader/:id/loadTransaction',
    summary: 'Una transacción: estado, líneas, pago, envío, vehículo y datos de contacto de la tienda',
    ...idRoute,
    response: successSchema(transactionViewSchema),
    errors: [400, 401, 404],
  }),
  setShippingInfo: defineRoute({
    method: 'POST',
    path: '/api/cart/cartShoppingHeader/:id/setShippingInfo',
    summary: 'Dirección de envío de la transacción (se guarda una copia de la dirección elegida)',
    ...idRoute,
    body: shippingChoiceSchema,
    response: successSchema(transactionViewSchema, messageMeta),
    errors: [400, 401, 404, 409],
  }),
  associateVehicle: defineRoute({
    method: 'PATCH',
    path: '/api/cart/cartShoppingHeader/:id/associateVehicleToPurchase',
    summary: 'El vehículo del garaje para el que son los repuestos (null lo quita)',
    ...idRoute,
    body: associateVehicleBodySchema,
    response: successSchema(transactionViewSchema, messageMeta),
    errors: [400, 401, 404, 409],
  }),
  changeReadStatus: defineRoute({
    method: 'PATCH',
    path: '/api/cart/cartShoppingHeader/:id/changeReadStatus',
    summary: 'Marcar una transacción como leída o no leída (comprador)',
    ...idRoute,
    body: changeReadStatusBodySchema,
    response: successSchema(transactionViewSchema, messageMeta),
    errors: [400, 401, 404],
  }),
  unread: defineRoute({
    method: 'GET',
    path: '/api/cart/CartShoppingHeader/getUnreadTransactions',
    summary: 'Transacciones del comprador con cambios que no ha visto',
    tags,
    response: successSchema(z.object({ count: z.number().int(), transactions: z.array(transactionViewSchema) })),
    access: 'user',
    errors: [401],
  }),
};
