/**
 * The calendar day (YYYY-MM-DD) of an instant in Colombia: the analytics read model counts Bogotá days.
 * America/Bogota is UTC−5 all year (no daylight saving since 1993).
 */
export function bogotaDay(at: Date): string {
  return new Date(at.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}
