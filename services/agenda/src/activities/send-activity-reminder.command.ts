import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/postgresql';
import { ActivityReminderDue } from '@tuerca/contracts';
import { APP_CONFIG, Clock, ContextDatabase, recordEvent, type AppConfig } from '@tuerca/platform';
import { Activity } from './activity.entity.js';
import { reminderIsDue } from './activity.rules.js';

/** The customer console's agenda screen. */
export const AGENDA_PAGE = '/users/page/agenda';

const absoluteUrl = (base: string, url: string) => (url.startsWith('/') ? `${base.replace(/\/$/, '')}${url}` : url);

/** Sends an activity's reminder if it is due (run by its alarm job); answers whether it went out. */
export class SendActivityReminder extends Command<boolean> {
  constructor(readonly activityId: string) {
    super();
  }
}

/**
 * Once: the row is locked, checked against the clock (a job may fire late, twice, or for an activity that
 * was moved, done or deleted meanwhile), stamped `reminded_at` and the event recorded in one transaction.
 * Notifications turns ActivityReminderDue into the e-mail and the WhatsApp message.
 */
@CommandHandler(SendActivityReminder)
export class SendActivityReminderHandler implements ICommandHandler<SendActivityReminder> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  execute({ activityId }: SendActivityReminder): Promise<boolean> {
    return this.db.transactional(async (em) => {
      const row = await em.findOne(Activity, { id: activityId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const now = this.clock.now();
      if (!row || !reminderIsDue(row, now)) return false;
      row.remindedAt = now;
      row.updatedAt = now;
      recordEvent(
        em,
        ActivityReminderDue,
        {
          activityId: row.id,
          userId: row.userId,
          name: row.name,
          date: row.date,
          timeZone: row.timeZone,
          startsAt: row.startsAt.toISOString(),
          // A link the message can carry: the page it was scheduled from, else the agenda screen.
          activityUrl: absoluteUrl(this.app.PUBLIC_URL, row.url ?? AGENDA_PAGE),
          description: row.description,
          minutesBefore: row.reminderMinutes ?? 0,
          email: row.email ?? null,
          mobile: row.mobile ?? null,
        },
        { aggregateId: row.id, actor: { kind: 'system', id: 'agenda' }, occurredAt: now },
      );
      await em.flush();
      return true;
    });
  }
}
