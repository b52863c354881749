import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '@tuerca/platform';
import {
  GATEWAY_STATUSES,
  PaymentGateway,
  type CheckoutForm,
  type CheckoutRequest,
  type EventCheck,
  type GatewayStatus,
} from './payment-gateway.js';
import { eventChecksum, integritySignature, sameDigest } from './wompi-signature.js';

export const SANDBOX_CHECKOUT_PATH = '/api/billing/sandbox/checkout';

/** The properties Wompi signs; an event whose checksum leaves one of them out authenticates nothing we act on. */
export const SIGNED_PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] as const;

const TRANSACTION_UPDATED = 'transaction.updated';

const envelopeSchema = z.object({
  event: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()),
  signature: z.object({
    properties: z.array(z.string().min(1).max(100)).min(1).max(20),
    checksum: z.string().max(200),
  }),
  timestamp: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/)]),
});

const transactionSchema = z.object({
  id: z.string().min(1).max(100),
  reference: z.string().min(1).max(100),
  amount_in_cents: z.number().int().positive(),
  currency: z.string().min(1).max(10),
  status: z.enum(GATEWAY_STATUSES),
});

/** A gateway event body, Wompi's shape. */
export interface GatewayEventBody {
  event: string;
  data: { transaction: Record<string, unknown> };
  environment: string;
  signature: { properties: string[]; checksum: string };
  timestamp: number;
  sent_at: string;
}

function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
}

/**
 * The built-in sandbox gateway. It signs like Wompi (Colombia) and its events look like Wompi's, so the
 * webhook handler is exercised exactly as in production; its checkout page is ours
 * (SandboxCheckoutController) and is served only outside production.
 */
@Injectable()
export class SandboxGateway extends PaymentGateway {
  readonly name = 'sandbox';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  checkoutForm(request: CheckoutRequest): CheckoutForm {
    return {
      reference: request.reference,
      amountInCents: request.amountInCents,
      currency: request.currency,
      publicKey: this.config.PAYMENT_PUBLIC_KEY,
      signature: {
        integrity: integritySignature(request.reference, request.amountInCents, request.currency, this.config.PAYMENT_INTEGRITY_SECRET),
      },
      redirectUrl: request.redirectUrl,
      checkoutUrl: `${this.config.PUBLIC_URL.replace(/\/$/, '')}${SANDBOX_CHECKOUT_PATH}?reference=${encodeURIComponent(request.reference)}`,
    };
  }

  checkEvent(body: unknown): EventCheck {
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) return { kind: 'malformed', problems: problemsOf(envelope.error) };
    const { data, signature, timestamp, event } = envelope.data;
    if (!SIGNED_PROPERTIES.every((p) => signature.properties.includes(p))) return { kind: 'bad-signature' };
    const expected = eventChecksum(data, signature.properties, timestamp, this.config.PAYMENT_EVENTS_SECRET);
    if (!sameDigest(signature.checksum, expected)) return { kind: 'bad-signature' };
    // No freshness window on `timestamp`: gateways retry for hours until answered 200, and a replay is harmless.
    if (event !== TRANSACTION_UPDATED) return { kind: 'ignored', eventType: event };
    const tx = transactionSchema.safeParse(data.transaction);
    if (!tx.success) return { kind: 'malformed', problems: problemsOf(tx.error) };
    return {
      kind: 'transaction',
      eventType: event,
      transaction: {
        id: tx.data.id,
        reference: tx.data.reference,
        amountInCents: tx.data.amount_in_cents,
        currency: tx.data.currency,
        status: tx.data.status,
      },
    };
  }

  /** The event the gateway would send when a transaction of this payment ends in `status`, correctly signed. */
  signedEvent(
    payment: { reference: string; amountInCents: number; currency: string; redirectUrl: string; customerEmail?: string | null },
    status: GatewayStatus,
    now: Date,
  ): GatewayEventBody {
    const seconds = Math.floor(now.getTime() / 1000);
    const transaction = {
      id: `sbx-${seconds}-${randomBytes(6).toString('hex')}`,
      created_at: now.toISOString(),
      finalized_at: now.toISOString(),
      amount_in_cents: payment.amountInCents,
      reference: payment.reference,
      customer_email: payment.customerEmail ?? null,
      currency: payment.currency,
      payment_method_type: 'CARD',
      payment_method: { type: 'CARD', extra: { brand: 'VISA', last_four: '4242' } },
      status,
      status_message: null,
      shipping_address: null,
      redirect_url: payment.redirectUrl,
      payment_source_id: null,
      payment_link_id: null,
      customer_data: null,
      billing_data: null,
    };
    const data = { transaction };
    const properties = [...SIGNED_PROPERTIES];
    return {
      event: TRANSACTION_UPDATED,
      data,
      environment: 'test',
      signature: { properties, checksum: eventChecksum(data, properties, seconds, this.config.PAYMENT_EVENTS_SECRET).toUpperCase() },
      timestamp: seconds,
      sent_at: now.toISOString(),
    };
  }
}
