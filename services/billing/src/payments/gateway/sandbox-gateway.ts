import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@tuerca/platform';
import { billingConfig, type BillingConfig } from '../../billing.config.js';
import {
  PaymentGateway,
  type CheckoutForm,
  type CheckoutRequest,
  type EventCheck,
  type GatewayStatus,
  type GatewayTransaction,
} from './payment-gateway.js';
import { eventChecksum, integritySignature } from './wompi-signature.js';
import { SIGNED_PROPERTIES, TRANSACTION_UPDATED, checkWompiEvent } from './wompi-events.js';

export const SANDBOX_CHECKOUT_PATH = '/api/billing/sandbox/checkout';

/** A gateway event body, Wompi's shape. */
export interface GatewayEventBody {
  event: string;
  data: { transaction: Record<string, unknown> };
  environment: string;
  signature: { properties: string[]; checksum: string };
  timestamp: number;
  sent_at: string;
}

/**
 * The built-in sandbox gateway. It signs like Wompi (Colombia) and its events look like Wompi's, so the
 * webhook handler is exercised exactly as in production; its checkout page is ours
 * (SandboxCheckoutController) and is served only outside production.
 */
@Injectable()
export class SandboxGateway extends PaymentGateway {
  readonly name = 'sandbox';

  constructor(
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
  ) {
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
      checkoutUrl:
        `${this.app.PUBLIC_URL.replace(/\/$/, '')}${SANDBOX_CHECKOUT_PATH}?reference=${encodeURIComponent(request.reference)}` +
        (request.linkToken ? `&token=${encodeURIComponent(request.linkToken)}` : ''),
    };
  }

  checkEvent(body: unknown): EventCheck {
    return checkWompiEvent(body, this.config.PAYMENT_EVENTS_SECRET);
  }

  /** The sandbox has no remote ledger to ask: its events are sent in process, so none is ever lost. */
  findTransaction(): Promise<GatewayTransaction | null> {
    return Promise.resolve(null);
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
