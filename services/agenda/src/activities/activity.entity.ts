import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A person's activity (spec 001 §3) and its reminder; the row is the reminder's duty, the BullMQ job only its alarm. */
export const Activity = defineEntity({
  name: 'Activity',
  tableName: 'activities',
  properties: {
    id: p.uuid().primary(),
    userId: p.text(),
    name: p.text(),
    /** The spec's wall clock 'YYYY-MM-DD HH:mm:ss', read in timeZone. */
    date: p.text(),
    timeZone: p.text(),
    startsAt: p.datetime(),
    /** The spec's `activity` (description, max 256). */
    description: p.text(),
    /** 0 Pendiente, 1 Realizado. */
    state: p.smallint().default(0),
    url: p.text().nullable(),
    reminderMinutes: p.integer().nullable(),
    remindAt: p.datetime().nullable(),
    remindedAt: p.datetime().nullable(),
    email: p.text().nullable(),
    mobile: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [
    { name: 'activities_user_date', properties: ['userId', 'date', 'id'] },
    {
      name: 'activities_reminders_pending',
      properties: ['remindAt'],
      where: 'reminded_at is null and remind_at is not null and state = 0',
    },
  ],
});
export type Activity = InferEntity<typeof Activity>;
