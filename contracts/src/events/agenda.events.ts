import { z } from 'zod';
import { defineEvent } from './define.js';

const activityFields = {
  activityId: z.uuid(),
  userId: z.string(),
  name: z.string(),
  /** The spec's wall-clock `YYYY-MM-DD HH:mm:ss`, read in `timeZone`. */
  date: z.string(),
  timeZone: z.string(),
  /** The same moment as an instant (ISO 8601). */
  startsAt: z.string(),
  activityUrl: z.string().nullable(),
};

export const ActivityScheduled = defineEvent({
  name: 'ActivityScheduled',
  context: 'agenda',
  description: 'A person scheduled an activity in their agenda, or moved it (date or reminder changed).',
  payload: z.object({
    ...activityFields,
    /** When its reminder goes out (ISO), null without one. */
    remindAt: z.string().nullable(),
    rescheduled: z.boolean(),
  }),
});

export const ActivityReminderDue = defineEvent({
  name: 'ActivityReminderDue',
  context: 'agenda',
  description:
    "An activity's reminder is due: notifications sends it by e-mail and WhatsApp to the person's contacts as the agenda knew them.",
  payload: z.object({
    ...activityFields,
    description: z.string(),
    minutesBefore: z.number().int(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
});
