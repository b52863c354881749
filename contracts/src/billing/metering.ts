import { z } from 'zod';
import '../http/zod-es.js';

/** The three metered lookups of the spec. */
export const METERED_KINDS = ['substitutions', 'catalog', 'plate'] as const;
export const meteredKindSchema = z.enum(METERED_KINDS);
export type MeteredKind = z.infer<typeof meteredKindSchema>;

/** Who is being metered: a guest visitor (by visitor id) or a logged-in person. */
export const meterSubjectSchema = z.object({
  kind: z.enum(['guest', 'user']),
  id: z.string().min(1).max(64),
});
export type MeterSubject = z.infer<typeof meterSubjectSchema>;

export const meterRequestSchema = z.object({
  kind: meteredKindSchema,
  who: meterSubjectSchema,
  /** What is looked at: the vehicle for the catalogue, the normalised reference for substitutions, the plate. */
  subject: z.string().min(1).max(200).optional(),
  /** The virtual store the lookup happens in, if any (its own thresholds and counters). */
  storeId: z.string().max(64).nullable().optional(),
});
export type MeterRequest = z.infer<typeof meterRequestSchema>;

export const consumeRequestSchema = meterRequestSchema.extend({
  subject: z.string().min(1).max(200),
  /** Idempotency key: the same request consumed twice charges once. */
  requestId: z.string().min(1).max(128),
});
export type ConsumeRequest = z.infer<typeof consumeRequestSchema>;

/**
 * The compensating step of a charge (DESIGN §5): the caller charged a lookup (consume) and then failed to
 * produce its answer, so the same request's charge is given back.
 */
export const refundRequestSchema = z.object({
  kind: meteredKindSchema,
  who: meterSubjectSchema,
  subject: z.string().min(1).max(200),
  requestId: z.string().min(1).max(128),
  /** Why the answer failed, for the record (e.g. 'garage save failed'). */
  reason: z.string().min(1).max(200),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundResultSchema = z.object({
  /** 'refunded' now; 'none' when that request charged nothing (a window, a duplicate, nothing consumed) or was refunded already. */
  outcome: z.enum(['refunded', 'none']),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

export const balanceViewSchema = z.object({
  amount: z.number().int(),
  /** DD/MM/YYYY, the nearest expiry among the balances counted; null when there is none. */
  expiredDate: z.string().nullable(),
});
export type BalanceView = z.infer<typeof balanceViewSchema>;

/** What the login prompt should be for a guest (spec 001 §4 guest metering). */
export const LOGIN_PROMPTS = ['none', 'closable', 'required'] as const;
export type LoginPrompt = (typeof LOGIN_PROMPTS)[number];

export const meterStatusSchema = z.object({
  kind: meteredKindSchema,
  isGuest: z.boolean(),
  /** Consultations of this kind in the last 30 days. */
  searchesPerformed: z.number().int(),
  searchesPerformedInStore: z.number().int(),
  consultationsAvailable: balanceViewSchema,
  generalInquiriesAvailable: balanceViewSchema,
  /** Free consultations left before a balance is needed (guests: before login is forced). */
  freeRemaining: z.number().int(),
  loginPrompt: z.enum(LOGIN_PROMPTS),
  /** A consultation of this subject within the last 12 hours: browsing is free. */
  windowOpen: z.boolean(),
  windowExpiresAt: z.string().nullable(),
  /** Whether a lookup now would be allowed (free, window, or balance). */
  allowed: z.boolean(),
  /** The error code a lookup now would get, when not allowed. */
  denial: z.string().nullable(),
  /** spec: part numbers show within the free-showing threshold or with consultations available. */
  canShowPartNumbers: z.boolean(),
});
export type MeterStatus = z.infer<typeof meterStatusSchema>;

export const consumeResultSchema = z.object({
  /** 'free' (allowance), 'window' (12-hour browsing), 'balance' (a purchased consultation), 'duplicate' (same request id). */
  chargedFrom: z.enum(['free', 'window', 'balance', 'general', 'duplicate']),
  status: meterStatusSchema,
});
export type ConsumeResult = z.infer<typeof consumeResultSchema>;

/** spec: counters show the last 30 days; browsing lasts 12 hours after a consultation. */
export const COUNTER_WINDOW_DAYS = 30;
export const BROWSING_WINDOW_HOURS = 12;

/**
 * Billing's metering port: how every other context meters the spec's lookups without importing billing.
 * Billing implements it in its process (exported under METERING_PORT); a process without billing gets
 * billing's HTTP adapter from the composition root (services/billing/src/client, BILLING_URL).
 */
export interface Metering {
  /** What a person may see now: counters, balances, prompts (for the UI). Never denies. */
  status(request: MeterRequest): Promise<MeterStatus>;
  /** Checks a lookup may run; throws the spec's 401/403 DomainError when it may not. */
  authorize(request: MeterRequest): Promise<MeterStatus>;
  /** Counts a served lookup (call it only when something was found), atomically and idempotently. */
  consume(request: ConsumeRequest): Promise<ConsumeResult>;
  /** Gives back the charge of a request whose answer then failed (the compensating step); idempotent. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** The injection token of the Metering port: `@Inject(METERING_PORT) metering: Metering`. */
export const METERING_PORT = 'billing.metering';

/**
 * Charge, then answer, then — when the answer fails — refund (billing's README, "Idempotent metering and
 * compensation"): the charge and the answer are two steps in two places, so the second's failure is
 * compensated instead of hoped away. `request.requestId` is the HTTP request's (`@RequestId()`), so a
 * retried request is charged once. The person gets the answer's error; a refund that fails too (billing
 * unreachable) goes to `onRefundFailed` for the caller to log — the retry of the same request then finds
 * its charge and is not charged again.
 */
export async function chargeForAnswer<T>(
  metering: Metering,
  request: ConsumeRequest,
  answer: (charged: ConsumeResult) => Promise<T>,
  onRefundFailed: (err: unknown) => void = () => undefined,
): Promise<{ charged: ConsumeResult; answer: T }> {
  const charged = await metering.consume(request);
  try {
    return { charged, answer: await answer(charged) };
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 200) || 'answer failed';
    await metering
      .refund({ kind: request.kind, who: request.who, subject: request.subject, requestId: request.requestId, reason })
      .catch(onRefundFailed);
    throw err;
  }
}
