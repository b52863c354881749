import { z } from 'zod';
import { adminResource } from '../http/admin-routes.js';
import { listQuerySchema, pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { idParamsSchema } from './params.js';
import { MARKET_READ, MARKET_WRITE } from './admin.routes.js';
import {
  adminQuoteRequestSchema,
  quoteRequestAnswerSchema,
  quoteRequestInputSchema,
  quoteRequestReceiptSchema,
  quoteRequestSummarySchema,
  quoteRequestViewSchema,
} from './quote-requests.js';

const tags = ['marketplace: solicitudes de cotización'];

/**
 * The quotation request page (spec 000 §2 '/home/page/cotizacion', "Quotation form page"; the spec names no call
 * for it, so these are Tuerca's): a logged-in person with a completed sign-up sends one request that reaches up to
 * five sellers; they answer in the operator console; the person reads the answers side by side.
 */
export const quoteRequestsRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/store/quoteRequests',
    summary: 'Enviar una solicitud de cotización (vehículo, repuestos, ciudad, comentario) a los vendedores de esas piezas o esa marca',
    tags,
    body: quoteRequestInputSchema,
    response: successSchema(quoteRequestReceiptSchema, z.object({ message: z.string() })),
    status: 201,
    access: 'user',
    errors: [400, 401, 403, 422, 429],
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/store/quoteRequests',
    summary: 'Mis solicitudes de cotización, la más reciente primero (page desde 0, pageSize)',
    tags,
    query: listQuerySchema,
    response: pageSchema(quoteRequestSummarySchema),
    access: 'user',
    errors: [400, 401],
  }),
  one: defineRoute({
    method: 'GET',
    path: '/api/store/quoteRequests/:id',
    summary: 'Una solicitud mía con las respuestas de cada vendedor',
    tags,
    params: idParamsSchema,
    response: successSchema(quoteRequestViewSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
};

/** The sellers' side in the operator console: the requests that reached their store, and their answer (PUT). */
export const quoteRequestsAdmin = {
  ...adminResource('/admin-api/quote-requests', {
    summary: 'Solicitudes de cotización que llegaron a una tienda (vendedores: la suya)',
    tags,
    row: adminQuoteRequestSchema,
    params: idParamsSchema,
    read: MARKET_READ,
    write: MARKET_WRITE,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/admin-api/quote-requests/:id',
    summary: 'Responder una vez: por repuesto, un producto de la tienda y su precio unitario, o no disponible',
    tags,
    params: idParamsSchema,
    body: quoteRequestAnswerSchema,
    response: adminQuoteRequestSchema,
    access: MARKET_WRITE,
    errors: [400, 401, 403, 404, 409],
  }),
};
