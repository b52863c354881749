import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminListQuery, AdminSearch, AdminSearchFilter, AnalyticsSummary } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, idsOf, kysely, likePattern, listPage, rangeWindow } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { bogotaDay } from '../analytics/analytics.rules.js';
import { GetSearchReport } from '../analytics/search-report.query.js';
import { daysFrom, summaryDays, toSearch, windowStart } from './admin-catalog.rules.js';

/** Fields the operator list may sort by, each mapped to its column (`s` the searches, `c` the catalogues). */
const SEARCH_SORT = {
  id: 's.event_id',
  occurredAt: 's.occurred_at',
  day: 's.day',
  kind: 's.kind',
  query: 's.query',
  catalogCode: 's.catalog_code',
  make: 'c.brand',
  found: 's.found',
  resultCount: 's.result_count',
  latencyMs: 's.latency_ms',
};

/** A search with its catalogue's make, as the operator console lists it. */
function searches(db: ContextDatabase) {
  return kysely<CatalogDB>(db.em())
    .selectFrom('SearchAnalyticsSearch as s')
    .leftJoin('Catalog as c', 'c.code', 's.catalogCode')
    .select([
      's.eventId as id',
      's.occurredAt',
      's.day',
      's.kind',
      's.query',
      's.personKind',
      's.catalogCode',
      'c.brand as make',
      's.found',
      's.resultCount',
      's.latencyMs',
    ]);
}

/** Rows of the search-analytics read model for the operator console. */
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
    if (ids) q = q.where((eb) => eb(eb.cast('s.eventId', 'text'), 'in', ids));
    if (f.kind) q = q.where('s.kind', '=', f.kind);
    if (f.found !== undefined) q = q.where('s.found', '=', f.found);
    if (f.personKind) q = q.where('s.personKind', '=', f.personKind);
    if (f.catalogCode) q = q.where('s.catalogCode', '=', f.catalogCode);
    if (f.make) q = q.where('c.brand', '=', f.make);
    if (f.q) q = q.where('s.query', 'ilike', likePattern(f.q));
    if (f.from) q = q.where('s.day', '>=', f.from);
    if (f.to) q = q.where('s.day', '<=', f.to);
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: SEARCH_SORT, fallback: { field: 'occurredAt', order: 'DESC' }, idColumn: 's.event_id' },
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
    const row = await searches(this.db).where('s.eventId', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toSearch(row);
  }
}

/**
 * The dashboard: searches per day by kind, top references, references not found and searches by make
 * over the last `days` Bogotá days (the same report as getAnalyticsCatalogSearchGeneral, shaped for charts).
 */
export class GetAnalyticsSummary extends Query<AnalyticsSummary> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetAnalyticsSummary)
export class GetAnalyticsSummaryHandler implements IQueryHandler<GetAnalyticsSummary> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ id }: GetAnalyticsSummary): Promise<AnalyticsSummary> {
    const days = summaryDays(id);
    const to = bogotaDay(this.clock.now());
    const from = windowStart(to, days);
    const { report } = await this.queries.execute(new GetSearchReport({ filter: { from, to }, page: 0, perPage: 10, order: 'count' }));
    const perDay = new Map<string, AnalyticsSummary['perDay'][number]>();
    for (const day of daysFrom(from, days)) perDay.set(day, { day, vin: 0, frame: 0, oem: 0, substitutions: 0, total: 0 });
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
    const brands = await kysely<CatalogDB>(this.db.em()).selectFrom('Catalog').select(['code', 'brand']).execute();
    const brandOf = new Map(brands.map((b) => [b.code, b.brand]));
    const byMake = new Map<string, { make: string; count: number; found: number }>();
    for (const c of report.byCatalog) {
      const make = brandOf.get(c.catalogCode) ?? c.catalogCode;
      const entry = byMake.get(make) ?? { make, count: 0, found: 0 };
      entry.count += c.count;
      entry.found += c.found;
      byMake.set(make, entry);
    }
    return {
      id,
      from,
      to,
      totals: { searches: searched, found, notFound: searched - found },
      perDay: [...perDay.values()],
      topReferences: report.topReferences,
      notFound: report.notFound,
      byMake: [...byMake.values()].sort((a, b) => b.count - a.count || a.make.localeCompare(b.make)),
    };
  }
}
