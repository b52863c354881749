import { z } from 'zod';
import { GATEWAY_STATUSES, type EventCheck } from './payment-gateway.js';
import { eventChecksum, sameDigest } from './wompi-signature.js';

/** The properties Wompi signs; an event whose checksum leaves one of them out authenticates nothing we act on. */
export const SIGNED_PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] as const;

export const TRANSACTION_UPDATED = 'transaction.updated';

const envelopeSchema = z.object({
  event: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()),
  signature: z.object({
    properties: z.array(z.string().min(1).max(100)).min(1).max(20),
    checksum: z.string().max(200),
  }),
  timestamp: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/)]),
});

/** A transaction as Wompi writes it (in events and in its API's answers). */
export const transactionSchema = z.object({
  id: z.string().min(1).max(100),
  reference: z.string().min(1).max(100),
  amount_in_cents: z.number().int().positive(),
  currency: z.string().min(1).max(10),
  status: z.enum(GATEWAY_STATUSES),
});

export function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
}

/**
 * Authenticates and reads an event in Wompi's shape (`event`, `data.transaction`, `signature.properties` and
 * `checksum`, `timestamp`): the checksum over the listed properties, the timestamp and the events secret, and the
 * signed properties must include the transaction's id, status and amount. Shared by the Wompi adapter and the
 * sandbox, which signs the same way. Never throws on bad input.
 */
export function checkWompiEvent(body: unknown, eventsSecret: string): EventCheck {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { kind: 'malformed', problems: problemsOf(envelope.error) };
  const { data, signature, timestamp, event } = envelope.data;
  if (!SIGNED_PROPERTIES.every((p) => signature.properties.includes(p))) return { kind: 'bad-signature' };
  const expected = eventChecksum(data, signature.properties, timestamp, eventsSecret);
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
