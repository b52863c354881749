import { ACTIVITY_DONE, type Activity as ActivityView } from '@tuerca/contracts';
import type { Activity } from './activity.entity.js';

const MINUTE = 60_000;

/** The zone a person's wall-clock `date` is read in: their country's capital (CO: UTC−5, MX: UTC−6 since 2022). */
export function zoneOfCountry(country: string | null | undefined): string {
  return country === 'MX' ? 'America/Mexico_City' : 'America/Bogota';
}

function zoneParts(at: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** The zone's offset from UTC at an instant, in ms (negative west of Greenwich). */
function offsetAt(at: Date, timeZone: string): number {
  const p = zoneParts(at, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** `YYYY-MM-DD HH:mm:ss` on the wall clock of `timeZone` → the instant. */
export function wallClockToInstant(date: string, timeZone: string): Date {
  const [d, t] = date.split(' ') as [string, string];
  const [y, mo, day] = d.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = t.split(':').map(Number) as [number, number, number];
  const guess = Date.UTC(y, mo - 1, day, h, mi, s);
  // Two passes settle the offset even next to a change of offset.
  const first = guess - offsetAt(new Date(guess), timeZone);
  return new Date(guess - offsetAt(new Date(first), timeZone));
}

/** An instant → `YYYY-MM-DD HH:mm:ss` on the wall clock of `timeZone`. */
export function instantToWallClock(at: Date, timeZone: string): string {
  const p = zoneParts(at, timeZone);
  const two = (n: number | undefined) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/**
 * When the reminder goes out: `minutesBefore` before the activity. None without a lead, for a done activity,
 * or when the activity itself has already started; a reminder whose time already passed (an activity in 20
 * minutes with a one-hour lead) goes out now rather than never.
 */
export function reminderTime(startsAt: Date, minutesBefore: number | null, state: number, now: Date): Date | null {
  if (minutesBefore === null || state === ACTIVITY_DONE) return null;
  if (startsAt.getTime() <= now.getTime()) return null;
  const at = startsAt.getTime() - minutesBefore * MINUTE;
  return new Date(Math.max(at, now.getTime()));
}

/** A reminder found this long after the activity began (a worker down for hours) is not sent: it would only be noise. */
export const REMINDER_STALE_AFTER_MS = 60 * MINUTE;

/** Whether the reminder is due now and still to send: pending, not sent, its time reached, and not stale. */
export function reminderIsDue(row: Pick<Activity, 'state' | 'remindAt' | 'remindedAt' | 'startsAt'>, now: Date): boolean {
  if (row.state === ACTIVITY_DONE || row.remindedAt || !row.remindAt) return false;
  return row.remindAt.getTime() <= now.getTime() && now.getTime() < row.startsAt.getTime() + REMINDER_STALE_AFTER_MS;
}

/** The columns the views read. */
export const ACTIVITY_COLUMNS = [
  'id',
  'name',
  'date',
  'timeZone',
  'description',
  'state',
  'url',
  'reminderMinutes',
  'remindAt',
  'remindedAt',
  'createdAt',
  'updatedAt',
] as const;

type ActivityRow = Pick<Activity, (typeof ACTIVITY_COLUMNS)[number]>;

/** A row as the person sees it: the spec's field names (`activity`, `activity_state`, `activity_url`). */
export function toActivityView(row: ActivityRow): ActivityView {
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    activity: row.description,
    activity_state: row.state === ACTIVITY_DONE ? 1 : 0,
    activity_url: row.url ?? null,
    reminder_minutes: row.reminderMinutes ?? null,
    remind_at: row.remindAt ? row.remindAt.toISOString() : null,
    reminded_at: row.remindedAt ? row.remindedAt.toISOString() : null,
    time_zone: row.timeZone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
