import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { quoteRecordSchema } from './product.js';
import { QUOTATION_STATES, makeOrderSchema, makeQuotationSchema, sellerAnswerSchema } from './quotation.js';
import { transactionViewSchema } from './purchase.js';
import { storePathPrefixParam } from './stores.js';
import { t } from '../messages/format.js';

/**
 * Quotations of salesModel 3 and the order made from an answered one (spec 000 §4 quotation sale model,
 * §7 "Order and quotation helpers": makeOrder with quotationId, comment, quantityOrder; makeQuotation with
 * quantityquotation, productidquotation), and the seller's answers.
 */

const tags = ['marketplace: cotizaciones'];
const sellers = ['seller', 'store_admin', 'operator'] as const;
const quotationId = z.string({ error: 'Este campo es obligatorio' }).uuid({ error: t('validation.invalidQuotation') });
const messageMeta = z.object({ message: z.string().optional() }).catchall(z.unknown());

export const quotationWindowBodySchema = z.object({ remainingTime: z.coerce.number().int().min(1).max(720).optional() });
export const quotationNotAvailableBodySchema = z.object({ quotationId, comment: z.string().trim().max(1000).optional() });

/** The person's quote record after a request or an answer (spec 000 §3 quoteRecord). */
export const quotationAnswerSchema = z.object({
  quotationId: z.uuid(),
  state: z.enum(QUOTATION_STATES),
  quoteRecord: quoteRecordSchema.nullable(),
});
const sellerAnswerResultSchema = quotationAnswerSchema.extend({ remainingTime: z.number().int().nullable(), hours: z.number().int() });

export const quotationsRoutes = {
  makeQuotation: defineRoute({
    method: 'POST',
    path: '/api/cart/cartShoppingHeader/makeQuotation',
    summary: 'Solicitar confirmación de disponibilidad (salesModel 3)',
    tags,
    body: makeQuotationSchema,
    response: successSchema(quotationAnswerSchema, messageMeta),
    access: 'user',
    errors: [400, 401, 403, 404, 409],
  }),
  makeOrder: defineRoute({
    method: 'POST',
    path: '/api/cart/cartShoppingHeader/makeOrder',
    summary:
      'Hacer el pedido de una cotización respondida: una transacción pendiente de pago, el stock reservado; la línea sale del carrito',
    tags,
    body: makeOrderSchema,
    response: successSchema(transactionViewSchema, messageMeta),
    access: 'user',
    errors: [400, 401, 403, 404, 409],
  }),
  sendAvailable: defineRoute({
    method: 'POST',
    path: '/api/cart/page/sendQuotationToClientAjax',
    summary: 'El vendedor responde: disponible (abre la compra por remainingTime horas)',
    tags,
    body: sellerAnswerSchema,
    response: successSchema(sellerAnswerResultSchema, messageMeta),
    access: sellers,
    errors: [400, 401, 403, 404, 409],
  }),
  /**
   * spec 000 §7: "{prefix}/cart/page/sendQuotationToClientAjax" — the same answer under a virtual store's path
   * prefix (`/api/motorepuestos-antioquia/cart/page/…`); only a quotation of the store with that prefix answers.
   */
  sendAvailablePrefixed: defineRoute({
    method: 'POST',
    path: '/api/:pathPrefix/cart/page/sendQuotationToClientAjax',
    summary: 'El vendedor responde: disponible, bajo el prefijo de ruta de una tienda virtual',
    tags,
    params: z.object({ pathPrefix: storePathPrefixParam }),
    body: sellerAnswerSchema,
    response: successSchema(sellerAnswerResultSchema, messageMeta),
    access: sellers,
    errors: [400, 401, 403, 404, 409],
  }),
  sendNotAvailable: defineRoute({
    method: 'POST',
    path: '/api/cart/page/sendQuotationNotavailableToClientAjax',
    summary: 'El vendedor responde: no disponible',
    tags,
    body: quotationNotAvailableBodySchema,
    response: successSchema(sellerAnswerResultSchema, messageMeta),
    access: sellers,
    errors: [400, 401, 403, 404, 409],
  }),
  editAsAvailable: defineRoute({
    method: 'PATCH',
    path: '/api/cart/cartShoppingHeader/:id/editStockConfirmationAsAvailable',
    summary: 'Marcar una confirmación de disponibilidad como disponible',
    tags,
    params: z.object({ id: z.string().uuid({ error: 'Identificador inválido' }) }),
    body: quotationWindowBodySchema,
    response: successSchema(sellerAnswerResultSchema, messageMeta),
    access: sellers,
    errors: [400, 401, 403, 404, 409],
  }),
};
