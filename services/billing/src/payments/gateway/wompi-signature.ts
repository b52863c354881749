import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Wompi's signing scheme (DESIGN §7), which the sandbox gateway follows:
 * - checkout integrity: SHA-256 hex of reference + amountInCents + currency + integrity secret;
 * - event checksum: SHA-256 hex of the values of `signature.properties` (paths inside `data`), in
 *   that order, then the event's `timestamp`, then the events secret.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function integritySignature(reference: string, amountInCents: number, currency: string, integritySecret: string): string {
  return sha256Hex(`${reference}${amountInCents}${currency}${integritySecret}`);
}

/** The value at a dotted path such as 'transaction.amount_in_cents', as the gateway concatenates it. */
export function propertyValue(data: unknown, path: string): string {
  let node: unknown = data;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return '';
    node = (node as Record<string, unknown>)[part];
  }
  if (node === null || node === undefined) return '';
  return typeof node === 'object' ? JSON.stringify(node) : String(node);
}

export function eventChecksum(data: unknown, properties: readonly string[], timestamp: number | string, eventsSecret: string): string {
  return sha256Hex(`${properties.map((p) => propertyValue(data, p)).join('')}${timestamp}${eventsSecret}`);
}

/** Constant-time comparison of two hex digests; case does not matter (Wompi writes them in upper case). */
export function sameDigest(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
