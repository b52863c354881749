import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MarketplacePaymentRequest, PaymentStatus } from '@tuerca/contracts';

/** What a payment of a marketplace transaction needs to decide a new request for that transaction. */
export interface TransactionPayment {
  id: string;
  status: PaymentStatus;
  amountInCents: number;
  currency: string;
  expiresAt: Date;
}

export type RequestDecision =
  /** Answer this payment: the open one (its end moved to the later of the two), or the one that paid. */
  | { action: 'answer'; paymentId: string; expiresAt: Date }
  /** A new payment; `expire` names an open one whose time ran out, which expires first. */
  | { action: 'create'; expire: string | null }
  | { action: 'refuse'; why: 'mismatch' | 'expiry-in-past' };

/**
 * One payment per transaction (DESIGN §4): asking again answers the open payment; a paid transaction answers
 * its approved payment (never a second charge); an expired, declined, voided or failed one gives way to a
 * new one. An open payment for another amount or currency is a mistake of the caller, refused.
 * `payments`: the transaction's payments, any order.
 */
export function decideRequest(
  payments: readonly TransactionPayment[],
  request: Pick<MarketplacePaymentRequest, 'amountInCents' | 'currency' | 'expiresAt'>,
  now: Date,
): RequestDecision {
  const wanted = new Date(request.expiresAt);
  const paid = payments.find((p) => p.status === 'APPROVED');
  if (paid) return { action: 'answer', paymentId: paid.id, expiresAt: paid.expiresAt };
  const open = payments.find((p) => p.status === 'PENDING');
  const openLive = open && open.expiresAt.getTime() > now.getTime() ? open : null;
  if (openLive) {
    if (openLive.amountInCents !== request.amountInCents || openLive.currency !== request.currency)
      return { action: 'refuse', why: 'mismatch' };
    const expiresAt = wanted.getTime() > openLive.expiresAt.getTime() ? wanted : openLive.expiresAt;
    return { action: 'answer', paymentId: openLive.id, expiresAt };
  }
  if (wanted.getTime() <= now.getTime()) return { action: 'refuse', why: 'expiry-in-past' };
  return { action: 'create', expire: open ? open.id : null };
}

/** Whether an open payment can still be paid now (reads check the clock; the expiry job only tidies up). */
export function isPayable(p: { status: PaymentStatus; expiresAt?: Date | null }, now: Date): boolean {
  return p.status === 'PENDING' && (!p.expiresAt || p.expiresAt.getTime() > now.getTime());
}

/**
 * The token of a payment link: whoever holds it may pay (a workshop sends the link to its customer).
 * Derived, not stored — HMAC-SHA256 of the payment id under the gateway's integrity secret with its own
 * label — so asking for the link again gives the same URL and a leaked table holds no token.
 */
export function linkToken(secret: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`payment-link:${paymentId}`).digest('base64url').slice(0, 32);
}

export function isLinkToken(secret: string, paymentId: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(linkToken(secret, paymentId));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The gateway sends the person back only to Tuerca itself: a return URL on another origin would be an open redirect. */
export function isOurUrl(url: string, publicUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
