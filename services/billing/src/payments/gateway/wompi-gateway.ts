import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { billingConfig, type BillingConfig } from '../../billing.config.js';
import { PaymentGateway, type CheckoutForm, type CheckoutRequest, type EventCheck, type GatewayTransaction } from './payment-gateway.js';
import { checkWompiEvent, transactionSchema } from './wompi-events.js';
import { sha256Hex } from './wompi-signature.js';

/** Wompi's answer to `GET /transactions?reference=…`: `{ data: [transaction…] }` (other fields ignored). */
const transactionsAnswer = z.object({ data: z.array(z.looseObject({ ...transactionSchema.shape, created_at: z.string().optional() })) });

/** Wompi's status order: a final state wins over PENDING, then the newest. */
const FINAL = new Set(['APPROVED', 'DECLINED', 'VOIDED', 'ERROR']);

/**
 * The Wompi adapter (Colombia) behind billing's gateway port, speaking Wompi's published API:
 * - the hosted Web Checkout: `checkout.wompi.co/p/?public-key&currency&amount-in-cents&reference&signature:integrity
 *   &redirect-url[&expiration-time]`, the integrity signature being SHA-256 of reference, amount in cents, currency,
 *   the expiration time when there is one, and the integrity secret;
 * - events (`transaction.updated`) authenticated by their checksum (`checkWompiEvent`);
 * - the transaction status query `GET {WOMPI_API_URL}/transactions?reference=…` with the private key as bearer,
 *   which reconciles a payment whose event never arrived.
 * Tested against a local server that follows that contract (test/wompi-gateway.int-spec.ts).
 */
@Injectable()
export class WompiGateway extends PaymentGateway {
  readonly name = 'wompi';

  constructor(@Inject(billingConfig.token) private readonly config: BillingConfig) {
    super();
  }

  checkoutForm(request: CheckoutRequest): CheckoutForm {
    const expiration = request.expiresAt ? request.expiresAt.toISOString() : null;
    const integrity = sha256Hex(
      `${request.reference}${request.amountInCents}${request.currency}${expiration ?? ''}${this.config.PAYMENT_INTEGRITY_SECRET}`,
    );
    const url = new URL(this.config.WOMPI_CHECKOUT_URL);
    url.searchParams.set('public-key', this.config.PAYMENT_PUBLIC_KEY);
    url.searchParams.set('currency', request.currency);
    url.searchParams.set('amount-in-cents', String(request.amountInCents));
    url.searchParams.set('reference', request.reference);
    url.searchParams.set('signature:integrity', integrity);
    url.searchParams.set('redirect-url', request.redirectUrl);
    if (expiration) url.searchParams.set('expiration-time', expiration);
    return {
      reference: request.reference,
      amountInCents: request.amountInCents,
      currency: request.currency,
      publicKey: this.config.PAYMENT_PUBLIC_KEY,
      signature: { integrity },
      redirectUrl: request.redirectUrl,
      checkoutUrl: url.toString(),
    };
  }

  checkEvent(body: unknown): EventCheck {
    return checkWompiEvent(body, this.config.PAYMENT_EVENTS_SECRET);
  }

  async findTransaction(reference: string): Promise<GatewayTransaction | null> {
    const url = new URL(`${this.config.WOMPI_API_URL.replace(/\/$/, '')}/transactions`);
    url.searchParams.set('reference', reference);
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${this.config.PAYMENT_PRIVATE_KEY ?? ''}`, accept: 'application/json' },
      signal: AbortSignal.timeout(this.config.PAYMENT_GATEWAY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`wompi answered ${res.status} to the status query of ${reference}`);
    const answer = transactionsAnswer.safeParse(await res.json());
    if (!answer.success) throw new Error(`wompi's status answer for ${reference} is not the published shape`);
    const ours = answer.data.data.filter((t) => t.reference === reference);
    if (ours.length === 0) return null;
    const [best] = ours.sort(
      (a, b) => Number(FINAL.has(b.status)) - Number(FINAL.has(a.status)) || (b.created_at ?? '').localeCompare(a.created_at ?? ''),
    );
    return {
      id: best!.id,
      reference: best!.reference,
      amountInCents: best!.amount_in_cents,
      currency: best!.currency,
      status: best!.status,
    };
  }
}
