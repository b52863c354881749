import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ACTIVITY_PENDING } from '@tuerca/contracts';
import { ContextDatabase, Jobs, ScheduledWork, dutyJobId, kysely, type ScheduledWorkHandle } from '@tuerca/platform';
import { agendaConfig, type AgendaConfig } from '../agenda.config.js';
import type { AgendaDB } from '../agenda.database.js';
import { SendActivityReminder } from './send-activity-reminder.command.js';

/** The part of a row that says where its reminder's alarm is. */
export interface ReminderAlarm {
  id: string;
  remindAt: Date | null;
  remindedAt: Date | null;
  state: number;
}

const armed = (a: ReminderAlarm | null): a is ReminderAlarm & { remindAt: Date } =>
  !!a && a.remindAt !== null && a.remindedAt === null && a.state === ACTIVITY_PENDING;

/**
 * Reminders (issue #16): the activity row is the duty (`remind_at`, `reminded_at`), a BullMQ job under a fixed id
 * (`activity-reminder-<id>-<time>`) its alarm clock, armed after the commit, moved when the activity is
 * rescheduled, removed when it is deleted or done. A sweep (AGENDA_REMINDER_SWEEP_SECONDS) re-arms every
 * pending reminder due soon whose job is missing; the reminder's command checks the row and the clock itself.
 */
@Injectable()
export class ActivityReminders implements OnModuleInit {
  handle!: ScheduledWorkHandle;

  constructor(
    private readonly scheduled: ScheduledWork,
    private readonly jobs: Jobs,
    private readonly db: ContextDatabase,
    private readonly commands: CommandBus,
    @Inject(agendaConfig.token) private readonly config: AgendaConfig,
  ) {}

  onModuleInit(): void {
    this.handle = this.scheduled.define({
      queue: 'agenda',
      name: 'activity-reminder',
      sweepEveryMs: this.config.AGENDA_REMINDER_SWEEP_SECONDS * 1000,
      pending: async (horizon, limit) =>
        (
          await kysely<AgendaDB>(this.db.em())
            .selectFrom('Activity')
            .select(['id', 'remindAt'])
            .where('state', '=', ACTIVITY_PENDING)
            .where('remindedAt', 'is', null)
            .where('remindAt', 'is not', null)
            .where('remindAt', '<=', horizon)
            .orderBy('remindAt')
            .limit(limit)
            .execute()
        ).map((r) => ({ id: r.id, runAt: r.remindAt! })),
      run: async (id) => {
        await this.commands.execute(new SendActivityReminder(id));
      },
    });
  }

  /** After a commit: the old alarm removed when it moved or is no longer wanted, the new one set. Best effort (the sweep repairs). */
  async follow(before: ReminderAlarm | null, after: ReminderAlarm | null): Promise<void> {
    const same = armed(before) && armed(after) && before.remindAt.getTime() === after.remindAt.getTime();
    if (armed(before) && !same) await this.cancel(before);
    if (armed(after) && !same) await this.scheduled.arm(this.handle, { id: after.id, runAt: after.remindAt });
  }

  /** The job id of an alarm (tests look it up). */
  jobId(id: string, remindAt: Date): string {
    return dutyJobId(this.handle.definition.name, { id, runAt: remindAt });
  }

  private async cancel(alarm: ReminderAlarm & { remindAt: Date }): Promise<void> {
    try {
      await this.jobs.cancel(this.handle.job, this.jobId(alarm.id, alarm.remindAt));
    } catch {
      // A stale alarm that stays finds the row changed and does nothing.
    }
  }
}
