import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SEARCH_KINDS, type AdminListQuery, type AdminSearch, type AdminSearchFilter, type AnalyticsSummary } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, idsOf, kysely, likePattern, listPage, rangeWindow } from '@tuerca/platform';
import type { AnalyticsDB } from '../analytics.database.js';
import { bogotaDay } from '../searches/searches.rules.js';
import { GetSearchReport } from '../reports/search-report.query.js';
import { daysFrom, summaryDays, toSearch, windowStart } from './admin-analytics.rules.js';

/** Fields the operator list may sort by, each mapped to its column. */
const SEARCH_SORT = {
  id: 'event_id',
  occurredAt: 'occurred_at',
  day: 'day',
  kind: 'kind',
  query: 'query',
  catalogCode: 'catalog_code',
  make: 'make',
  found: 'found',
  resultCount: 'result_count',
  latencyMs: 'latency_ms',
};

/** A search as the operator console lists it. */
function searches(db: ContextDatabase) {
  return kysely<AnalyticsDB>(db.em())
    .selectFrom('Search')
    .select([
      'eventId as id',
      'occurredAt',
      'day',
      'kind',
      'query',
      'personKind',
      'catalogCode',
      'make',
      'found',
      'resultCount',
      'latencyMs',
    ]);
}

/** Rows of the searches read model for the operator console. */
export class ListSearchAnalytics extends Query<{ rows: AdminSearch[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: AdminSearchFilter,
  ) {
    super();
  }
}

@QueryHandler(ListSearchAnalytics)
export class ListSearchAnalyticsHandler implements IQueryHandler<ListSearchAnalytics> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, filter: f }: ListSearchAnalytics) {
    let q = searches(this.db);
    const ids = idsOf(f.id);
    if (ids) q = q.where((eb) => eb(eb.cast('eventId', 'text'), 'in', ids));
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.found !== undefined) q = q.where('found', '=', f.found);
    if (f.personKind) q = q.where('personKind', '=', f.personKind);
    if (f.catalogCode) q = q.where('catalogCode', '=', f.catalogCode);
    if (f.make) q = q.where('make', '=', f.make);
    if (f.q) q = q.where('query', 'ilike', likePattern(f.q));
    if (f.from) q = q.where('day', '>=', f.from);
    if (f.to) q = q.where('day', '<=', f.to);
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: SEARCH_SORT, fallback: { field: 'occurredAt', order: 'DESC' }, idColumn: 'event_id' },
    });
    return { ...page, rows: page.rows.map(toSearch) };
  }
}

export class GetSearchAnalytic extends Query<AdminSearch> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetSearchAnalytic)
export class GetSearchAnalyticHandler implements IQueryHandler<GetSearchAnalytic> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetSearchAnalytic): Promise<AdminSearch> {
    const row = await searches(this.db).where('eventId', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toSearch(row);
  }
}

/**
 * The dashboard: searches per day by kind (the catalogue's, plate lookups and the marketplace's text and
 * part-number searches), the terms searched most, the not-found demand and searches by make over the last `days`
 * Bogotá days (the same report as getAnalyticsCatalogSearchGeneral, shaped for charts).
 */
export class GetAnalyticsSummary extends Query<AnalyticsSummary> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetAnalyticsSummary)
export class GetAnalyticsSummaryHandler implements IQueryHandler<GetAnalyticsSummary> {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ id }: GetAnalyticsSummary): Promise<AnalyticsSummary> {
    const days = summaryDays(id);
    const to = bogotaDay(this.clock.now());
    const from = windowStart(to, days);
    const { report, byMake } = await this.queries.execute(
      new GetSearchReport({ filter: { from, to }, page: 0, perPage: 10, order: 'count' }),
    );
    const zero = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<(typeof SEARCH_KINDS)[number], number>;
    const perDay = new Map<string, AnalyticsSummary['perDay'][number]>();
    for (const day of daysFrom(from, days)) perDay.set(day, { day, ...zero, total: 0 });
    let found = 0;
    let searched = 0;
    for (const r of report.perDay) {
      const row = perDay.get(r.day);
      if (!row) continue;
      row[r.kind] += r.count;
      row.total += r.count;
      searched += r.count;
      found += r.found;
    }
    return {
      id,
      from,
      to,
      totals: { searches: searched, found, notFound: searched - found },
      perDay: [...perDay.values()],
      topReferences: report.topReferences,
      notFound: report.notFound,
      byMake,
    };
  }
}
