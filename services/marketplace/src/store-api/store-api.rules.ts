import { createHmac } from 'node:crypto';
import type { StoreWebhookBody } from '@tuerca/contracts';

/** `tuerca-signature`: `v1=` + hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the client's secret. */
export function signWebhook(secret: string, timestampSeconds: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')}`;
}

/**
 * Back-off after the n-th failed attempt (n ≥ 1): base × 2^(n−1), at most `capMs` — with the defaults 30 s,
 * 1 min, 2 min, … 1 h, so ten attempts span about five hours.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}

export type AttemptOutcome = { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; nextAttemptAt: Date };

/** What a delivery becomes after an attempt: a 2xx delivers; otherwise it waits its back-off, until the last attempt fails it. */
export function afterAttempt(
  statusCode: number | null,
  attempts: number,
  now: Date,
  policy: { baseMs: number; maxAttempts: number },
): AttemptOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { status: 'delivered' };
  if (attempts >= policy.maxAttempts) return { status: 'failed' };
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, policy.baseMs)) };
}

/**
 * Where Tuerca may send a store's orders: https always; plain http only outside production (a receiver on
 * loopback in tests and local trials). No credentials in the URL.
 */
export function isAllowedTarget(url: string, nodeEnv: string): boolean {
  try {
    const u = new URL(url);
    if (u.username || u.password || !u.hostname) return false;
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && nodeEnv !== 'production';
  } catch {
    return false;
  }
}

/** The last four characters of a secret, to tell secrets apart in the console. */
export const secretHintOf = (secret: string): string => `…${secret.slice(-4)}`;

/** The raw body as sent (and signed): fixed key order, so the bytes are the same on every attempt. */
export function webhookRawBody(body: StoreWebhookBody): string {
  return JSON.stringify(body);
}

/** A purchase goes to the store's API when one of its products carries confirmProductInAPI (spec 000 §3). */
export const goesToStoreApi = (lineFlags: readonly boolean[]): boolean => lineFlags.some(Boolean);
