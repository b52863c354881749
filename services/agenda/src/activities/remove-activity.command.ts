import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/postgresql';
import type { Activity as ActivityView } from '@tuerca/contracts';
import { ContextDatabase } from '@tuerca/platform';
import { Activity } from './activity.entity.js';
import { activityNotFound, isUuid } from './activity-errors.js';
import { toActivityView } from './activity.rules.js';
import { ActivityReminders } from './activity-reminders.js';

/** Deletes one of a person's activities; its reminder's alarm is removed after the commit. */
export class RemoveActivity extends Command<ActivityView> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveActivity)
export class RemoveActivityHandler implements ICommandHandler<RemoveActivity> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly reminders: ActivityReminders,
  ) {}

  async execute({ userId, id }: RemoveActivity): Promise<ActivityView> {
    if (!isUuid(id)) throw activityNotFound();
    const row = await this.db.transactional(async (em) => {
      const found = await em.findOne(Activity, { id, userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!found) throw activityNotFound();
      em.remove(found);
      await em.flush();
      return found;
    });
    await this.reminders.follow({ id: row.id, remindAt: row.remindAt ?? null, remindedAt: row.remindedAt ?? null, state: row.state }, null);
    return toActivityView(row);
  }
}
