import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SearchRow, SearchesQuery } from '@tuerca/contracts';
import { ContextDatabase, kysely, listPage, pageWindow } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { filterSearches } from './analytics.filters.js';

/** The catalogue's searches, newest first (spec 001 §7: analitycsCatalogV2Search). */
export class ListCatalogSearches extends Query<{ rows: SearchRow[]; total: number }> {
  constructor(readonly query: SearchesQuery) {
    super();
  }
}

@QueryHandler(ListCatalogSearches)
export class ListCatalogSearchesHandler implements IQueryHandler<ListCatalogSearches> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query }: ListCatalogSearches) {
    const base = kysely<CatalogDB>(this.db.em())
      .selectFrom('SearchAnalyticsSearch')
      .select(['eventId', 'occurredAt', 'kind', 'query', 'personKind', 'catalogCode', 'found', 'resultCount', 'latencyMs']);
    const { rows, total } = await listPage(
      filterSearches(base, query.filter).orderBy('occurredAt', 'desc').orderBy('eventId', 'desc'),
      pageWindow(query),
    );
    return { rows: rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt).toISOString() })), total };
  }
}
