import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { t, type Currency, type MessageKey, type TransactionType } from '@tuerca/contracts';
import type { GatewayStatus, GatewayTransaction } from './gateway/payment-gateway.js';

/** A payment as stored (the columns every payment read needs). */
export interface PaymentRow {
  id: string;
  reference: string;
  user_id: string;
  plan_id: string;
  type: TransactionType;
  consultations: number;
  validity_days: number;
  amount_in_cents: string | number;
  currency: Currency;
  status: PaymentStatus;
}

export type PaymentStatus = GatewayStatus;

export const REFERENCE_PREFIX = 'TUE-';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const REFERENCE_PATTERN = /^TUE-[A-Z2-7]{10}$/;

/** A payment reference: 'TUE-' and 10 base32 characters (50 random bits; unguessable, short enough to read out). */
export function newReference(bytes: Uint8Array = randomBytes(10)): string {
  let out = REFERENCE_PREFIX;
  // 256 is a multiple of 32, so taking 5 bits of each byte keeps every character equally likely.
  for (let i = 0; i < 10; i++) out += BASE32[bytes[i]! & 31];
  return out;
}

export const referenceSchema = z
  .string({ error: () => t('payments.invalidReference') })
  .trim()
  .toUpperCase()
  .regex(REFERENCE_PATTERN, { error: () => t('payments.invalidReference') });

/** A plan price (numeric(14,2), read as text) in cents, as gateways take amounts. */
export function toCents(price: string | number): number {
  return Math.round(Number(price) * 100);
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
  /** The gateway still waits (e.g. a bank transfer); nothing changes. */
  | { action: 'wait' }
  | { action: 'approve' }
  | { action: 'decline'; status: Exclude<PaymentStatus, 'PENDING' | 'APPROVED'> };

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
};

export function statusLabel(status: PaymentStatus): string {
  return t(STATUS_TEXT[status]);
}

/** Where the gateway sends the person back: the customer console's result page. */
export function resultUrl(publicUrl: string, reference: string): string {
  return `${publicUrl.replace(/\/$/, '')}/planes/resultado?reference=${encodeURIComponent(reference)}`;
}
