import { randomBytes } from 'node:crypto';
import { paymentReferenceSchema, t, type MessageKey, type PaymentStatus } from '@tuerca/contracts';
import type { GatewayTransaction } from './gateway/payment-gateway.js';

export type { PaymentStatus };

export const REFERENCE_PREFIX = 'TUE-';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A payment reference: 'TUE-' and 10 base32 characters (50 random bits; unguessable, short enough to read out). */
export function newReference(bytes: Uint8Array = randomBytes(10)): string {
  let out = REFERENCE_PREFIX;
  // 256 is a multiple of 32, so taking 5 bits of each byte keeps every character equally likely.
  for (let i = 0; i < 10; i++) out += BASE32[bytes[i]! & 31];
  return out;
}

/** A payment reference in any case, checked against its pattern (400 in Spanish otherwise). */
export const referenceSchema = paymentReferenceSchema;

/**
 * A price (numeric(14,2), read as text) in cents, as gateways take amounts — digit by digit, so no float
 * ever touches money ('24900.00' → 2490000).
 */
export function toCents(price: string | number): number {
  const text = typeof price === 'number' ? price.toFixed(2) : price.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`not a price: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** What a payment needs to judge an event about it. */
export interface PaymentFacts {
  status: PaymentStatus;
  amountInCents: number;
  currency: string;
}

export type EventDecision =
  /** Amount or currency differ from what was charged for: tampered or misrouted; nothing changes. */
  | { action: 'mismatch'; problems: ('amount' | 'currency' | 'transaction')[] }
  /** The payment already left PENDING: a retry or a replay; nothing changes and the gateway gets its 200. */
  | { action: 'replay' }
  /** An approval after the payment expired unpaid: the money was taken, so it approves (late). */
  | { action: 'approve-late' }
  /** The gateway still waits (e.g. a bank transfer); nothing changes. */
  | { action: 'wait' }
  | { action: 'approve' }
  | { action: 'decline'; status: Exclude<PaymentStatus, 'PENDING' | 'APPROVED' | 'EXPIRED'> };

/**
 * How an authentic event changes a payment. A payment moves once, from PENDING to its final state, so
 * however often an APPROVED event is replayed (or another APPROVED transaction arrives for the same
 * reference) it is credited once. `usedElsewhere`: the gateway transaction already paid another payment.
 */
export function decideEvent(
  payment: PaymentFacts,
  tx: Pick<GatewayTransaction, 'amountInCents' | 'currency' | 'status'>,
  usedElsewhere = false,
): EventDecision {
  const problems: ('amount' | 'currency' | 'transaction')[] = [];
  if (tx.amountInCents !== payment.amountInCents) problems.push('amount');
  if (tx.currency !== payment.currency) problems.push('currency');
  if (usedElsewhere) problems.push('transaction');
  if (problems.length > 0) return { action: 'mismatch', problems };
  // A payment that expired unpaid while the person was still paying: the gateway took the money, which is never lost.
  if (payment.status === 'EXPIRED' && tx.status === 'APPROVED') return { action: 'approve-late' };
  if (payment.status !== 'PENDING') return { action: 'replay' };
  if (tx.status === 'PENDING') return { action: 'wait' };
  if (tx.status === 'APPROVED') return { action: 'approve' };
  return { action: 'decline', status: tx.status };
}

const STATUS_TEXT: Record<PaymentStatus, MessageKey> = {
  PENDING: 'payments.statusPending',
  APPROVED: 'payments.statusApproved',
  DECLINED: 'payments.statusDeclined',
  VOIDED: 'payments.statusVoided',
  ERROR: 'payments.statusError',
  EXPIRED: 'payments.statusExpired',
};

export function statusLabel(status: PaymentStatus): string {
  return t(STATUS_TEXT[status]);
}

/** Where the gateway sends the person back: the customer console's result page. */
export function resultUrl(publicUrl: string, reference: string): string {
  return `${publicUrl.replace(/\/$/, '')}/planes/resultado?reference=${encodeURIComponent(reference)}`;
}

const BOGOTA = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** DD/MM/YYYY HH:mm in Bogotá time, whatever the server's zone. */
export function bogotaDateTime(at: Date): string {
  const parts = Object.fromEntries(BOGOTA.formatToParts(at).map((x) => [x.type, x.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
