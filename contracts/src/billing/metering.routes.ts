import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import {
  consumeRequestSchema,
  consumeResultSchema,
  meterRequestSchema,
  meterStatusSchema,
  refundRequestSchema,
  refundResultSchema,
} from './metering.js';

const tags = ['billing', 'internal'];

/**
 * Billing's metering for contexts running in other processes (service to service, `x-internal-token`);
 * in one process the same port is served in memory.
 */
export const meteringRoutes = {
  status: defineRoute({
    method: 'POST',
    path: '/internal/billing/metering/status',
    summary: 'Estado de la medición de una persona (interno): contadores, saldos, avisos de inicio de sesión',
    tags,
    body: meterRequestSchema,
    response: successSchema(meterStatusSchema),
    access: 'public',
    errors: [400, 403],
  }),
  authorize: defineRoute({
    method: 'POST',
    path: '/internal/billing/metering/authorize',
    summary: 'Autoriza una consulta medida (interno); 401/403 con los códigos del spec cuando no se puede',
    tags,
    body: meterRequestSchema,
    response: successSchema(meterStatusSchema),
    access: 'public',
    errors: [400, 401, 403],
  }),
  consume: defineRoute({
    method: 'POST',
    path: '/internal/billing/metering/consume',
    summary: 'Cobra una consulta servida (interno), una vez por solicitud (requestId)',
    tags,
    body: consumeRequestSchema,
    response: successSchema(consumeResultSchema),
    access: 'public',
    errors: [400, 401, 403],
  }),
  refund: defineRoute({
    method: 'POST',
    path: '/internal/billing/metering/refund',
    summary: 'Devuelve el cobro de una solicitud cuya respuesta falló (interno; el paso que compensa el cobro)',
    tags,
    body: refundRequestSchema,
    response: successSchema(refundResultSchema),
    access: 'public',
    errors: [400, 403],
  }),
};
