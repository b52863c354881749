import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Activity as ActivityView } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { AgendaDB } from '../agenda.database.js';
import { activityNotFound, isUuid } from './activity-errors.js';
import { ACTIVITY_COLUMNS, toActivityView } from './activity.rules.js';

export class GetActivity extends Query<ActivityView> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}

/** One of the person's activities; another person's answers 404. */
@QueryHandler(GetActivity)
export class GetActivityHandler implements IQueryHandler<GetActivity> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId, id }: GetActivity) {
    if (!isUuid(id)) throw activityNotFound();
    const row = await kysely<AgendaDB>(this.db.em())
      .selectFrom('Activity')
      .select(ACTIVITY_COLUMNS)
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) throw activityNotFound();
    return toActivityView(row);
  }
}
