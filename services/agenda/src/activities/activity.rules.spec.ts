import { describe, expect, it } from '@jest/globals';
import { isActivityDate } from '@tuerca/contracts';
import { instantToWallClock, reminderIsDue, reminderTime, wallClockToInstant, zoneOfCountry } from './activity.rules.js';

const at = (iso: string) => new Date(iso);

describe('activity rules', () => {
  it('reads the wall clock in the person’s zone: Bogotá UTC−5, Ciudad de México UTC−6', () => {
    expect(wallClockToInstant('2026-12-01 08:30:00', zoneOfCountry('CO')).toISOString()).toBe('2026-12-01T13:30:00.000Z');
    expect(wallClockToInstant('2026-07-01 08:30:00', zoneOfCountry('MX')).toISOString()).toBe('2026-07-01T14:30:00.000Z');
    expect(instantToWallClock(at('2026-12-01T13:30:00Z'), 'America/Bogota')).toBe('2026-12-01 08:30:00');
    expect(zoneOfCountry(null)).toBe('America/Bogota');
  });

  it('accepts only real YYYY-MM-DD HH:mm:ss moments', () => {
    expect(isActivityDate('2026-02-28 23:59:59')).toBe(true);
    expect(isActivityDate('2026-02-29 10:00:00')).toBe(false);
    expect(isActivityDate('2026-01-01 24:00:00')).toBe(false);
    expect(isActivityDate('2026-01-01T10:00:00')).toBe(false);
    expect(isActivityDate('2026-01-01 10:00')).toBe(false);
  });

  it('puts the reminder its lead before the activity, now when that passed, none when done, started or without lead', () => {
    const now = at('2026-12-01T10:00:00Z');
    const starts = at('2026-12-02T10:00:00Z');
    expect(reminderTime(starts, 60, 0, now)?.toISOString()).toBe('2026-12-02T09:00:00.000Z');
    expect(reminderTime(at('2026-12-01T10:20:00Z'), 60, 0, now)?.toISOString()).toBe(now.toISOString());
    expect(reminderTime(starts, null, 0, now)).toBeNull();
    expect(reminderTime(starts, 60, 1, now)).toBeNull();
    expect(reminderTime(at('2026-12-01T09:00:00Z'), 60, 0, now)).toBeNull();
  });

  it('a reminder is due once: pending, time reached, not sent, not an hour past the activity', () => {
    const row = { state: 0, remindAt: at('2026-12-02T09:00:00Z'), remindedAt: null, startsAt: at('2026-12-02T10:00:00Z') };
    expect(reminderIsDue(row, at('2026-12-02T08:59:59Z'))).toBe(false);
    expect(reminderIsDue(row, at('2026-12-02T09:00:00Z'))).toBe(true);
    expect(reminderIsDue({ ...row, remindedAt: at('2026-12-02T09:00:01Z') }, at('2026-12-02T09:30:00Z'))).toBe(false);
    expect(reminderIsDue({ ...row, state: 1 }, at('2026-12-02T09:30:00Z'))).toBe(false);
    expect(reminderIsDue(row, at('2026-12-02T10:59:59Z'))).toBe(true);
    expect(reminderIsDue(row, at('2026-12-02T11:00:00Z'))).toBe(false);
  });
});
