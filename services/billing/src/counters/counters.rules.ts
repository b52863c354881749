import { COUNTER_WINDOW_DAYS } from '@tuerca/contracts';

const DAY_MS = 24 * 3600 * 1000;

/** The day in Colombia (YYYY-MM-DD) of an instant: counters count Bogotá days (UTC-5, no daylight saving). */
export function bogotaDay(at: Date): string {
  return new Date(at.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** spec: counters show the last 30 days; the first day counted is the Bogotá day after the one 30 days ago. */
export function counterSince(now: Date): string {
  return bogotaDay(new Date(now.getTime() - COUNTER_WINDOW_DAYS * DAY_MS));
}
