import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { t } from '../messages/format.js';
import { createTransactionBodySchema, currencySchema, transactionTypeSchema } from './plans.js';

/** A payment reference: 'TUE-' and 10 base32 characters (50 random bits: unguessable, short enough to read out). */
export const PAYMENT_REFERENCE_PATTERN = /^TUE-[A-Z2-7]{10}$/;

export const paymentReferenceSchema = z
  .string({ error: () => t('payments.invalidReference') })
  .trim()
  .toUpperCase()
  .regex(PAYMENT_REFERENCE_PATTERN, { error: () => t('payments.invalidReference') });

export const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR', 'EXPIRED'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentReferenceParamsSchema = z.object({ reference: paymentReferenceSchema });

/** The sandbox page: the payment, and the payment link's token when whoever pays is not the buyer. */
export const sandboxCheckoutQuerySchema = z.object({
  reference: paymentReferenceSchema,
  token: z.string().max(100).optional(),
});
/** The sandbox's buttons: the outcome the person picked (VOIDED and ERROR too, for trying those paths). */
export const sandboxPayBodySchema = z.object({
  outcome: z.enum(['APPROVED', 'DECLINED', 'VOIDED', 'ERROR']),
  token: z.string().max(100).optional(),
});

/** The signed fields of the gateway's checkout form (spec 001 §4: the transaction feeds the payment gateway form). */
export const checkoutFormSchema = z.object({
  reference: z.string(),
  amountInCents: z.number().int(),
  currency: currencySchema,
  publicKey: z.string(),
  signature: z.object({ integrity: z.string() }),
  redirectUrl: z.string(),
  /** The gateway page the console opens (or posts the form to). */
  checkoutUrl: z.string(),
});
export type CheckoutFormView = z.infer<typeof checkoutFormSchema>;

const planSummary = z.object({
  id: z.string(),
  title: z.string(),
  transaction_type: transactionTypeSchema,
  transaction_type_label: z.string(),
  amount: z.number().int(),
  validity_days: z.number().int(),
});

export const paymentStartedSchema = checkoutFormSchema.extend({ plan: planSummary.extend({ price_label: z.string() }) });
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

/** A plan payment as its owner sees it on the result page. */
export const paymentViewSchema = z.object({
  reference: z.string(),
  status: paymentStatusSchema,
  statusLabel: z.string(),
  /** What the result page tells the person. */
  detail: z.string(),
  amountInCents: z.number().int(),
  currency: currencySchema,
  priceLabel: z.string(),
  plan: planSummary,
  createdAt: z.string(),
  finalizedAt: z.string().nullable(),
  /** After approval: the balance this payment credited. */
  credited: z
    .object({ amount: z.number().int(), remaining: z.number().int(), expiresAt: z.string(), expiredDate: z.string().nullable() })
    .nullable(),
  /** What the person has now of the plan's type, as the counters show it (DD/MM/YYYY nearest expiry). */
  consultationsAvailable: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** What the webhook answers the gateway (200 for replays too, so it stops retrying). */
export const paymentEventReceiptSchema = z.object({
  outcome: z.enum(['applied', 'duplicate', 'pending', 'ignored']),
  reference: z.string().nullable(),
  status: paymentStatusSchema.nullable(),
});
export type PaymentEventReceipt = z.infer<typeof paymentEventReceiptSchema>;

const tags = ['billing', 'payments'];

/** Plan payments (spec 000 §7 createNewTransaction, 001 §4 "Plan purchase") and the gateway's side. */
export const paymentsRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/core/transaction/createNewTransaction',
    summary: 'Iniciar el pago de un plan: pago PENDIENTE y el formulario firmado de la pasarela',
    tags,
    body: createTransactionBodySchema,
    response: successSchema(paymentStartedSchema),
    status: 201,
    access: 'user',
    errors: [400, 401, 403, 404],
  }),
  one: defineRoute({
    method: 'GET',
    path: '/api/core/transaction/:reference',
    summary: 'Estado de un pago propio y, una vez aprobado, el saldo abonado',
    tags,
    params: paymentReferenceParamsSchema,
    response: successSchema(paymentViewSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
  events: defineRoute({
    method: 'POST',
    path: '/api/billing/payments/events',
    summary:
      'Eventos de la pasarela (forma de Wompi: event, data.transaction, signature {properties, checksum}, timestamp). ' +
      'Los autentica su checksum; se registran todos, también los rechazados; responde 200 a las repeticiones',
    tags,
    // Read as it comes: the gateway adapter authenticates and validates it, and a malformed body is logged, not just refused.
    body: z.unknown(),
    response: successSchema(paymentEventReceiptSchema),
    access: 'public',
    errors: [400, 401, 404, 409, 413, 429],
  }),
  sandboxPage: defineRoute({
    method: 'GET',
    path: '/api/billing/sandbox/checkout',
    summary: 'Página de pago de la pasarela de pruebas (HTML; solo para quien paga; no existe en producción)',
    tags,
    query: sandboxCheckoutQuerySchema,
    produces: 'text/html',
    access: 'public',
    errors: [400, 404],
  }),
  sandboxPay: defineRoute({
    method: 'POST',
    path: '/api/billing/sandbox/checkout/:reference/pay',
    summary: 'Aprobar o rechazar un pago en la pasarela de pruebas; redirige (303) a la página de resultado',
    tags,
    params: paymentReferenceParamsSchema,
    body: sandboxPayBodySchema,
    produces: 'redirect',
    status: 303,
    consumes: 'form',
    access: 'public',
    errors: [400, 404],
  }),
};
