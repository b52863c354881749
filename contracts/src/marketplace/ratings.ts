import { z } from 'zod';
import '../http/zod-es.js';
import { t } from '../messages/format.js';
import { adminIdsFilterSchema } from '../http/admin-routes.js';
import { uuidParam } from './params.js';

/**
 * Ratings of stores (issue #13; spec 000 §3 "score ... records: fields not shown", §7 resendScore (scoreId)).
 * A score record is the request made to the buyer of a delivered purchase and, once given, the rating:
 * 1 to 5 stars and a comment, one per purchase, final once given.
 */

export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
/** A rating request is sent at most this many times (the first one and the resends). */
export const SCORE_MAX_REQUESTS = 3;
/** …and never again within this many hours of the previous one. */
export const SCORE_RESEND_AFTER_HOURS = 24;

export const scoreIdParams = z.object({ scoreId: uuidParam });

/** POST resendScore: the score record to ask for again. */
export const resendScoreBodySchema = z.object({ scoreId: uuidParam });

/** The buyer's rating: 1–5 stars (integers) and an optional comment. */
export const rateStoreBodySchema = z.object({
  score: z.coerce
    .number({ error: t('ratings.scoreRange') })
    .int({ error: t('ratings.scoreRange') })
    .min(SCORE_MIN, { error: t('ratings.scoreRange') })
    .max(SCORE_MAX, { error: t('ratings.scoreRange') }),
  comment: z
    .string()
    .trim()
    .max(1000, { error: t('ratings.commentTooLong') })
    .default(''),
});
export type RateStoreInput = z.infer<typeof rateStoreBodySchema>;

export const SCORE_STATES = ['requested', 'rated'] as const;

/** A score record as the buyer, the store and operators read it. */
export const storeScoreSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  refVenta: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  buyerId: z.string(),
  buyerName: z.string().nullable(),
  state: z.enum(SCORE_STATES),
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  requests: z.number().int(),
  lastRequestedAt: z.string(),
  ratedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StoreScoreView = z.infer<typeof storeScoreSchema>;

/** A store's rating as results show it next to its name. */
export const storeRatingSummarySchema = z.object({ average: z.number(), count: z.number().int() });
export type StoreRatingSummary = z.infer<typeof storeRatingSummarySchema>;

export const adminStoreScoreFilterSchema = z.strictObject({
  id: adminIdsFilterSchema.optional(),
  storeId: uuidParam.optional(),
  transactionId: uuidParam.optional(),
  state: z.enum(SCORE_STATES).optional(),
  score: z.coerce.number().int().min(SCORE_MIN).max(SCORE_MAX).optional(),
});
export type AdminStoreScoreFilter = z.infer<typeof adminStoreScoreFilterSchema>;

/** '4,5' — one decimal, Spanish decimal comma. */
export function formatRatingAverage(average: number): string {
  return (Math.round(average * 10) / 10).toLocaleString('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
