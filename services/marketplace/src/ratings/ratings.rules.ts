import { SCORE_MAX_REQUESTS, SCORE_RESEND_AFTER_HOURS, type StoreRatingSummary } from '@tuerca/contracts';

export type ResendRefusal = 'rated' | 'too-many' | 'too-soon';

/**
 * Whether a rating request may be sent again (resendScore): not once rated; at most SCORE_MAX_REQUESTS requests
 * in all; never within SCORE_RESEND_AFTER_HOURS of the last one (a buyer is asked, not pestered).
 */
export function resendRefusal(score: { ratedAt: Date | null; requests: number; lastRequestedAt: Date }, now: Date): ResendRefusal | null {
  if (score.ratedAt) return 'rated';
  if (score.requests >= SCORE_MAX_REQUESTS) return 'too-many';
  if (now.getTime() - score.lastRequestedAt.getTime() < SCORE_RESEND_AFTER_HOURS * 3600_000) return 'too-soon';
  return null;
}

/** A store's summary as results show it: the average to one decimal; null without ratings. */
export function ratingSummaryOf(count: number, sum: number): StoreRatingSummary | null {
  if (count <= 0) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}
