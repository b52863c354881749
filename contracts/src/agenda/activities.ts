import { z } from 'zod';
import { requiredField } from '../http/zod-es.js';
import { t } from '../messages/format.js';

/**
 * The activity agenda (spec 001 §3 "Activity: id, name, date (YYYY-MM-DD HH:mm:ss), activity (description,
 * max 256), activity_state (0 Pendiente, 1 Realizado; visible only when editing), activity_url (set to the
 * current page on create)"; §5 "name required string; date required (YYYY-MM-DD HH:mm:ss); description
 * required string, max 256"). The reminder (when, how long before) is ours: the spec does not show it.
 */

/** 001 §9 "Activity states: 0 Pendiente, 1 Realizado." */
export const ACTIVITY_STATES = [0, 1] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];
export const ACTIVITY_PENDING = 0;
export const ACTIVITY_DONE = 1;

/** 001 §9 "Text limits: … activity description 256." */
export const ACTIVITY_DESCRIPTION_MAX = 256;
export const ACTIVITY_NAME_MAX = 120;
export const ACTIVITY_URL_MAX = 2048;

/** How long before the activity the reminder goes out (minutes); null: no reminder. Ours (not shown). */
export const REMINDER_LEADS = [0, 15, 30, 60, 120, 1440, 2880, 10080] as const;
export const DEFAULT_REMINDER_LEAD = 60;

/** The wall-clock format of the spec's `date`. */
export const ACTIVITY_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether `YYYY-MM-DD HH:mm:ss` names a real calendar moment (no 31 February, no 25:00). */
export function isActivityDate(value: string): boolean {
  const m = ACTIVITY_DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < 1901 || y > 2155 || h > 23 || mi > 59 || s > 59) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const requiredText = (max: number) =>
  z
    .string(requiredField)
    .trim()
    .min(1, { error: t('validation.required') })
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: t('validation.invalidValue') });

export const activityDateSchema = z
  .string(requiredField)
  .trim()
  .min(1, { error: t('validation.required') })
  .refine(isActivityDate, { message: t('agenda.invalidDate') });

/** The body of POST and PATCH (the Activity entity). PATCH sends only what changes. */
export const activityInputSchema = z.object({
  name: requiredText(ACTIVITY_NAME_MAX),
  date: activityDateSchema,
  activity: requiredText(ACTIVITY_DESCRIPTION_MAX),
  /** "visible only when editing": a new activity is always pending. */
  activity_state: z.union([z.literal(0), z.literal(1)], { error: t('validation.invalidValue') }).optional(),
  /** "set to the current page on create": a path of this site or an http(s) address. */
  activity_url: z
    .string()
    .trim()
    .max(ACTIVITY_URL_MAX)
    .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//i.test(v), { message: t('validation.invalidValue') })
    .nullable()
    .optional(),
  /** Minutes before the activity the reminder goes out; null for none. Default 60 on create. */
  reminder_minutes: z
    .number()
    .int()
    .refine((v) => (REMINDER_LEADS as readonly number[]).includes(v), { message: t('agenda.invalidReminder') })
    .nullable()
    .optional(),
});
export type ActivityInput = z.infer<typeof activityInputSchema>;

export const activityPatchSchema = activityInputSchema.partial();
export type ActivityPatch = z.infer<typeof activityPatchSchema>;

/** `filter` of the agenda list: state, a date range (inclusive days, YYYY-MM-DD) and free text. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: t('validation.invalidDate') })
  .refine((v) => isActivityDate(`${v} 00:00:00`), {
    message: t('validation.invalidDate'),
  });
export const activityFilterSchema = z
  .object({
    activity_state: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
    from: day.optional(),
    to: day.optional(),
    q: z
      .string()
      .trim()
      .max(120)
      .refine((v) => !v.includes('\u0000'), { message: t('validation.invalidValue') })
      .optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: t('agenda.invalidRange'), path: ['to'] });
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

export const activityIdParamsSchema = z.object({ id: z.string().max(100) });

/** One activity as the person sees it. */
export const activitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  date: z.string(),
  activity: z.string(),
  activity_state: z.union([z.literal(0), z.literal(1)]),
  activity_url: z.string().nullable(),
  reminder_minutes: z.number().int().nullable(),
  /** When the reminder goes (ISO), null without one; `reminded_at` once it went. */
  remind_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
  /** The IANA zone `date` is read in (the person's country: America/Bogota, America/Mexico_City). */
  time_zone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
