import { PUBLIC_HOLIDAYS } from './holidays.js';

/**
 * The return window (derecho de retracto). Colombia, Ley 1480 de 2011, art. 47: "el término máximo para
 * ejercer el derecho de retracto será de cinco (5) días hábiles contados a partir de la entrega del bien".
 * The length is an app parameter per country; days are the store's local calendar days; Saturdays, Sundays
 * and the country's public holidays (holidays.ts) are not business days.
 */

export type Country = 'CO' | 'MX';

/** The stores' time zones (Colombia has no daylight saving; central Mexico none since 2022). */
export const STORE_TIME_ZONE: Record<Country, string> = { CO: 'America/Bogota', MX: 'America/Mexico_City' };
const UTC_OFFSET_HOURS: Record<Country, number> = { CO: -5, MX: -6 };

/** The local calendar date (YYYY-MM-DD) of an instant in the store's country. */
export function localDate(at: Date, country: Country): string {
  return new Date(at.getTime() + UTC_OFFSET_HOURS[country] * 3600_000).toISOString().slice(0, 10);
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function isBusinessDay(day: string, country: Country): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(day.slice(0, 4));
  return !(PUBLIC_HOLIDAYS[country][year] ?? []).includes(day);
}

/** The last day of the window: the n-th business day after the delivery's local date. */
export function lastReturnDay(deliveredAt: Date, country: Country, businessDays: number): string {
  let day = localDate(deliveredAt, country);
  let counted = 0;
  while (counted < businessDays) {
    day = addDays(day, 1);
    if (isBusinessDay(day, country)) counted += 1;
  }
  return day;
}

/** The instant the window closes: the end of its last local day. */
export function returnDeadline(deliveredAt: Date, country: Country, businessDays: number): Date {
  const last = lastReturnDay(deliveredAt, country, businessDays);
  return new Date(new Date(`${addDays(last, 1)}T00:00:00Z`).getTime() - UTC_OFFSET_HOURS[country] * 3600_000);
}

export function withinReturnWindow(deliveredAt: Date, now: Date, country: Country, businessDays: number): boolean {
  return now.getTime() < returnDeadline(deliveredAt, country, businessDays).getTime();
}
