import { describe, expect, it } from '@jest/globals';
import { isBusinessDay, lastReturnDay, localDate, returnDeadline, withinReturnWindow } from './returns.rules.js';

describe('the return window (derecho de retracto, Ley 1480 de 2011 art. 47)', () => {
  it('counts five business days after a Tuesday delivery: the following Tuesday is the last day', () => {
    // Delivered Tue 2026-11-24 10:00 in Bogotá: Wed 25, Thu 26, Fri 27, Mon 30, Tue 1 December.
    const delivered = new Date('2026-11-24T15:00:00Z');
    expect(lastReturnDay(delivered, 'CO', 5)).toBe('2026-12-01');
  });

  it('skips weekends and Colombian public holidays (Independencia de Cartagena moved to Mon 16 November 2026)', () => {
    // Delivered Fri 2026-11-13: Mon 16 is a holiday, so Tue 17, Wed 18, Thu 19, Fri 20, Mon 23.
    expect(lastReturnDay(new Date('2026-11-13T20:00:00Z'), 'CO', 5)).toBe('2026-11-23');
    expect(isBusinessDay('2026-11-16', 'CO')).toBe(false);
    expect(isBusinessDay('2026-11-16', 'MX')).toBe(false); // Revolución, third Monday of November
    expect(isBusinessDay('2026-11-17', 'CO')).toBe(true);
    expect(isBusinessDay('2026-11-21', 'CO')).toBe(false); // Saturday
  });

  it('crosses the year with both years’ holidays (8 and 25 December, 1 and 11 January)', () => {
    // Delivered Thu 2026-12-24: Mon 28, Tue 29, Wed 30, Thu 31, (Fri 1 Jan holiday) Mon 4 January 2027.
    expect(lastReturnDay(new Date('2026-12-24T17:00:00Z'), 'CO', 5)).toBe('2027-01-04');
  });

  it('uses the store’s local date: 23:30 in Bogotá is still that day', () => {
    const lateMonday = new Date('2026-11-24T04:30:00Z'); // Mon 23 November, 23:30 in Bogotá
    expect(localDate(lateMonday, 'CO')).toBe('2026-11-23');
  });

  it('day 5 is inside the window until its last minute, day 6 is outside', () => {
    const delivered = new Date('2026-11-24T15:00:00Z');
    const deadline = returnDeadline(delivered, 'CO', 5);
    expect(deadline.toISOString()).toBe('2026-12-02T05:00:00.000Z'); // end of Tue 1 December in Bogotá
    expect(withinReturnWindow(delivered, new Date('2026-12-02T04:59:00Z'), 'CO', 5)).toBe(true);
    expect(withinReturnWindow(delivered, new Date('2026-12-02T05:00:00Z'), 'CO', 5)).toBe(false);
  });

  it('the window is a parameter: three business days end sooner', () => {
    expect(lastReturnDay(new Date('2026-11-24T15:00:00Z'), 'CO', 3)).toBe('2026-11-27');
  });
});
