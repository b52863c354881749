import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Activity as ActivityView, ActivityFilter, ListQuery } from '@tuerca/contracts';
import { ContextDatabase, containsAny, kysely, listPage, pageWindow } from '@tuerca/platform';
import type { AgendaDB } from '../agenda.database.js';
import { ACTIVITY_COLUMNS, toActivityView } from './activity.rules.js';

export class ListActivities extends Query<{ rows: ActivityView[]; total: number }> {
  constructor(
    readonly userId: string,
    readonly filter: ActivityFilter,
    readonly page: Pick<ListQuery, 'page' | 'pageSize'>,
  ) {
    super();
  }
}

/** A person's agenda in date order (earliest first), filtered by state, a day range and text in name or description. */
@QueryHandler(ListActivities)
export class ListActivitiesHandler implements IQueryHandler<ListActivities> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId, filter, page }: ListActivities) {
    let q = kysely<AgendaDB>(this.db.em()).selectFrom('Activity').select(ACTIVITY_COLUMNS).where('userId', '=', userId);
    if (filter.activity_state !== undefined) q = q.where('state', '=', filter.activity_state);
    // `date` is the wall clock as text (YYYY-MM-DD HH:mm:ss): day bounds compare as text.
    if (filter.from) q = q.where('date', '>=', `${filter.from} 00:00:00`);
    if (filter.to) q = q.where('date', '<=', `${filter.to} 23:59:59`);
    if (filter.q) {
      const text = filter.q;
      q = q.where((eb) => containsAny(eb, ['name', 'description'], text));
    }
    const { rows, total } = await listPage(q.orderBy('date').orderBy('id'), pageWindow(page));
    return { rows: rows.map(toActivityView), total };
  }
}
