import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/postgresql';
import {
  ACTIVITY_PENDING,
  ActivityScheduled,
  DEFAULT_REMINDER_LEAD,
  type Activity as ActivityView,
  type ActivityInput,
  type ActivityPatch,
  type Actor,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, recordEvent } from '@tuerca/platform';
import { Activity } from './activity.entity.js';
import { activityNotFound, isUuid } from './activity-errors.js';
import { reminderTime, toActivityView, wallClockToInstant, zoneOfCountry } from './activity.rules.js';
import { ActivityReminders, type ReminderAlarm } from './activity-reminders.js';

/** Who saves: the session's person, whose contacts the reminder goes to and whose country gives the zone. */
export interface AgendaPerson {
  id: string;
  email: string | null;
  mobile: string | null;
  country: string | null;
}

/** spec 001 §4 "Activity. Create when there is no id, update otherwise." */
export class SaveActivity extends Command<ActivityView> {
  constructor(
    readonly person: AgendaPerson,
    readonly actor: Actor,
    readonly input: ActivityInput | ActivityPatch,
    readonly id?: string,
  ) {
    super();
  }
}

const alarmOf = (a: Activity): ReminderAlarm => ({
  id: a.id,
  remindAt: a.remindAt ?? null,
  remindedAt: a.remindedAt ?? null,
  state: a.state,
});

@CommandHandler(SaveActivity)
export class SaveActivityHandler implements ICommandHandler<SaveActivity> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly reminders: ActivityReminders,
  ) {}

  async execute({ person, actor, input, id }: SaveActivity): Promise<ActivityView> {
    if (id !== undefined && !isUuid(id)) throw activityNotFound();
    const now = this.clock.now();
    const { view, before, after } = await this.db.transactional(async (em) => {
      const existing = id ? await em.findOne(Activity, { id, userId: person.id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (id && !existing) throw activityNotFound();
      const before = existing ? alarmOf(existing) : null;

      // "activity_state … visible only when editing": a new activity is pending.
      const state = existing ? (input.activity_state ?? existing.state) : ACTIVITY_PENDING;
      const date = input.date ?? existing!.date;
      const timeZone = input.date !== undefined || !existing ? zoneOfCountry(person.country) : existing.timeZone;
      const startsAt = wallClockToInstant(date, timeZone);
      const reminderMinutes =
        input.reminder_minutes !== undefined
          ? input.reminder_minutes
          : existing
            ? (existing.reminderMinutes ?? null)
            : DEFAULT_REMINDER_LEAD;
      const rescheduled =
        !!existing && (existing.startsAt.getTime() !== startsAt.getTime() || (existing.reminderMinutes ?? null) !== reminderMinutes);
      const fields = {
        name: input.name ?? existing!.name,
        date,
        timeZone,
        startsAt,
        description: input.activity ?? existing!.description,
        state,
        // "activity_url (set to the current page on create)": the console sends it; an edit may not move it.
        url: existing ? (existing.url ?? null) : input.activity_url || null,
        reminderMinutes,
        // A moved activity is reminded again at its new time; done/undone alone does not re-send one already sent.
        remindAt: reminderTime(startsAt, reminderMinutes, state, now),
        remindedAt: !existing || rescheduled ? null : (existing.remindedAt ?? null),
        email: person.email,
        mobile: person.mobile,
        updatedAt: now,
      };
      const row = existing ?? em.create(Activity, { id: randomUUID(), userId: person.id, createdAt: now, ...fields });
      if (existing) em.assign(existing, fields);
      if (!existing || rescheduled)
        recordEvent(
          em,
          ActivityScheduled,
          {
            activityId: row.id,
            userId: person.id,
            name: row.name,
            date: row.date,
            timeZone: row.timeZone,
            startsAt: row.startsAt.toISOString(),
            activityUrl: row.url ?? null,
            remindAt: row.remindAt ? row.remindAt.toISOString() : null,
            rescheduled,
          },
          { aggregateId: row.id, actor, occurredAt: now },
        );
      await em.flush();
      return { view: toActivityView(row), before, after: alarmOf(row) };
    });
    await this.reminders.follow(before, after);
    return view;
  }
}
