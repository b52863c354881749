import type { AdminSearch } from '@tuerca/contracts';

const DAY_MS = 24 * 3600 * 1000;

export function toSearch(r: Omit<AdminSearch, 'occurredAt'> & { occurredAt: Date }): AdminSearch {
  return { ...r, occurredAt: new Date(r.occurredAt).toISOString() };
}

/** The dashboard's window: `summary` is 30 days, `summary-<days>` that many, ending today (Bogotá days). */
export function summaryDays(id: string): number {
  return id === 'summary' ? 30 : Number(id.slice('summary-'.length));
}

/** Every day from `from` on, `days` of them (YYYY-MM-DD). */
export function daysFrom(from: string, days: number): string[] {
  const start = Date.parse(`${from}T12:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** The first day of a window of `days` ending on `to`. */
export function windowStart(to: string, days: number): string {
  return new Date(Date.parse(`${to}T12:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}
