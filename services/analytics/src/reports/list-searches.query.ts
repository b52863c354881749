import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SearchRow, SearchesQuery } from '@tuerca/contracts';
import { ContextDatabase, kysely, listPage, pageWindow } from '@tuerca/platform';
import type { AnalyticsDB } from '../analytics.database.js';
import { filterSearches } from './analytics.filters.js';

/** The searches, newest first (spec 001 §7: analitycsCatalogV2Search). */
export class ListSearches extends Query<{ rows: SearchRow[]; total: number }> {
  constructor(readonly query: SearchesQuery) {
    super();
  }
}

@QueryHandler(ListSearches)
export class ListSearchesHandler implements IQueryHandler<ListSearches> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query }: ListSearches) {
    const base = kysely<AnalyticsDB>(this.db.em())
      .selectFrom('Search')
      .select(['eventId', 'occurredAt', 'kind', 'query', 'personKind', 'catalogCode', 'found', 'resultCount', 'latencyMs']);
    const { rows, total } = await listPage(
      filterSearches(base, query.filter).orderBy('occurredAt', 'desc').orderBy('eventId', 'desc'),
      pageWindow(query),
    );
    return { rows: rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt).toISOString() })), total };
  }
}
