import { z } from 'zod';
import { createTransactionBodySchema, currencySchema, defineRoute, successSchema, type RouteContract } from '@tuerca/contracts';
import { referenceSchema } from './payment.rules.js';

export const referenceParamsSchema = z.object({ reference: referenceSchema });
export const checkoutQuerySchema = z.object({ reference: referenceSchema });
/** The sandbox's buttons: the outcome the person picked (VOIDED and ERROR too, for trying those paths). */
export const sandboxPayBodySchema = z.object({ outcome: z.enum(['APPROVED', 'DECLINED', 'VOIDED', 'ERROR']) });

const checkoutFormSchema = z.object({
  reference: z.string(),
  amountInCents: z.number().int(),
  currency: currencySchema,
  publicKey: z.string(),
  signature: z.object({ integrity: z.string() }),
  redirectUrl: z.string(),
  checkoutUrl: z.string(),
});

/** The gateway's event (Wompi's shape); authenticated by its checksum, not by a session. */
const gatewayEventSchema = z.object({
  event: z.string(),
  data: z.object({
    transaction: z
      .object({ id: z.string(), reference: z.string(), amount_in_cents: z.number().int(), currency: z.string(), status: z.string() })
      .loose(),
  }),
  signature: z.object({ properties: z.array(z.string()), checksum: z.string() }),
  timestamp: z.number().int(),
});

const tags = ['billing', 'payments'];

/** Plan payments (spec 000 §7, 001 §4 "Plan purchase"), for the OpenAPI document. */
export const paymentRoutes: RouteContract[] = [
  defineRoute({
    method: 'POST',
    path: '/api/core/transaction/createNewTransaction',
    summary: 'Iniciar el pago de un plan: pago PENDIENTE y el formulario firmado de la pasarela',
    tags,
    body: createTransactionBodySchema,
    response: successSchema(checkoutFormSchema),
    access: 'user',
    errors: [400, 401, 403, 404],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/core/transaction/:reference',
    summary: 'Estado de un pago propio y, una vez aprobado, el saldo abonado',
    tags,
    params: referenceParamsSchema,
    access: 'user',
    errors: [400, 401, 404],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/billing/payments/events',
    summary: 'Eventos de la pasarela de pagos (firmados con checksum); responde 200 también a las repeticiones',
    tags,
    body: gatewayEventSchema,
    access: 'public',
    errors: [400, 401, 404, 409],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/billing/sandbox/checkout',
    summary: 'Página de pago de la pasarela de pruebas (HTML; no existe en producción)',
    tags,
    query: checkoutQuerySchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/billing/sandbox/checkout/:reference/pay',
    summary: 'Aprobar o rechazar un pago en la pasarela de pruebas; redirige (303) a la página de resultado',
    tags,
    params: referenceParamsSchema,
    body: sandboxPayBodySchema,
    access: 'public',
    errors: [400, 404],
  }),
];
