import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { currencySchema } from './plans.js';

/**
 * The money path between the marketplace and billing (DESIGN §4): the marketplace owns transactions and
 * stock, billing owns payments. For an online purchase or a payment link the marketplace asks billing for a
 * payment of one transaction through this port — in process when billing runs in the same process, over
 * billing's internal HTTP route otherwise — and learns the outcome from billing's events
 * (MarketplacePaymentApproved / MarketplacePaymentFailed), never by reading billing's tables.
 */

/** What the marketplace asks: one payment per transaction (asking again answers the same payment while it is open). */
export const marketplacePaymentRequestSchema = z.object({
  transactionId: z.uuid(),
  /** The transaction's human reference (ref_venta, e.g. TU-0001042), shown on the gateway's page. */
  refVenta: z.string().min(1).max(40),
  buyerId: z.string().min(1),
  storeId: z.uuid(),
  storeName: z.string().max(200),
  /** Integer minor units (cents) of the store's currency, IVA included. */
  amountInCents: z.number().int().positive(),
  currency: currencySchema,
  /** Until when the payment may be made: the stock reservation's end, or the payment link's. */
  expiresAt: z.iso.datetime({ offset: true }),
  /** Where the gateway sends the person back (the console's result page). */
  returnUrl: z.string().url(),
  /** 'checkout' for the buyer paying now, 'link' for a link the buyer sends to whoever pays. */
  kind: z.enum(['checkout', 'link']),
});
export type MarketplacePaymentRequest = z.infer<typeof marketplacePaymentRequestSchema>;

export const MARKETPLACE_PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR', 'EXPIRED'] as const;
export type MarketplacePaymentStatus = (typeof MARKETPLACE_PAYMENT_STATUSES)[number];

/** What billing answers: the payment and the signed gateway form to open (or to send, for a link). */
export const marketplacePaymentSchema = z.object({
  paymentReference: z.string(),
  transactionId: z.uuid(),
  status: z.enum(MARKETPLACE_PAYMENT_STATUSES),
  amountInCents: z.number().int(),
  currency: currencySchema,
  expiresAt: z.iso.datetime({ offset: true }),
  /** The gateway page that takes the payment (sandbox in demo and tests, Wompi in production). */
  checkoutUrl: z.string(),
});
export type MarketplacePayment = z.infer<typeof marketplacePaymentSchema>;

/** The port the marketplace calls; billing implements it. */
export interface MarketplacePayments {
  request(input: MarketplacePaymentRequest): Promise<MarketplacePayment>;
}

/** The in-process registration key of billing's implementation (see the platform's LocalPorts). */
export const MARKETPLACE_PAYMENTS_PORT = 'billing.marketplace-payments';

/** Billing's internal route behind the port, for processes that do not run billing (x-internal-token). */
export const marketplacePaymentsRoutes = {
  request: defineRoute({
    method: 'POST',
    path: '/internal/billing/marketplace-payments',
    summary: 'Pago de una transacción del marketplace (interno): crea o devuelve el pago abierto y su formulario firmado',
    tags: ['billing', 'internal'],
    body: marketplacePaymentRequestSchema,
    response: successSchema(marketplacePaymentSchema),
    access: 'public',
    errors: [400, 401, 409],
  }),
};
