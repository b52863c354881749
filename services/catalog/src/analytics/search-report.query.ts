import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { GeneralQuery, GeneralReport, ReferenceRow } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { filterDaily, filterSearches } from './analytics.filters.js';

export interface SearchReport {
  report: GeneralReport;
  totals: { topReferences: number; notFound: number };
}

/**
 * The general report: searches per day and kind, the references searched most, those not found and the
 * searches per catalogue (spec 001 §7: getAnalyticsCatalogSearchGeneral); the operator dashboard reads it too.
 */
export class GetSearchReport extends Query<SearchReport> {
  constructor(readonly query: GeneralQuery) {
    super();
  }
}

@QueryHandler(GetSearchReport)
export class GetSearchReportHandler implements IQueryHandler<GetSearchReport> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query }: GetSearchReport): Promise<SearchReport> {
    const db = kysely<CatalogDB>(this.db.em());
    const daily = () =>
      filterDaily(db.selectFrom('SearchAnalyticsDaily'), query.filter).select((eb) => [
        // Aliases differ from the columns' names: results are converted by the column of the same name.
        eb.fn.sum<string>('count').as('searches'),
        eb.fn.sum<string>('count').filterWhere('found', '=', true).as('foundSearches'),
        eb.fn.sum<string>('latencySumMs').as('latencyTotal'),
      ]);
    const perDay = await daily().select(['day', 'kind']).groupBy(['day', 'kind']).orderBy('day', 'desc').orderBy('kind').execute();
    const byCatalog = await daily()
      .select('catalogCode')
      .where('catalogCode', '<>', '')
      .groupBy('catalogCode')
      .orderBy('searches', 'desc')
      .orderBy('catalogCode')
      .execute();
    const top = await this.references(query, false);
    const notFound = await this.references(query, true);
    const avg = (latency: string | null, count: string | null) => (Number(count) ? Math.round(Number(latency) / Number(count)) : 0);
    return {
      report: {
        perDay: perDay.map((r) => ({
          day: r.day,
          kind: r.kind,
          count: Number(r.searches),
          found: Number(r.foundSearches ?? 0),
          notFound: Number(r.searches) - Number(r.foundSearches ?? 0),
          avgLatencyMs: avg(r.latencyTotal, r.searches),
        })),
        topReferences: top.rows,
        notFound: notFound.rows,
        byCatalog: byCatalog.map((r) => ({
          catalogCode: r.catalogCode,
          count: Number(r.searches),
          found: Number(r.foundSearches ?? 0),
          avgLatencyMs: avg(r.latencyTotal, r.searches),
        })),
      },
      totals: { topReferences: top.total, notFound: notFound.total },
    };
  }

  /** Part-number searches (OEM and substitutions) by reference; `onlyNotFound` keeps the misses. */
  private async references(query: GeneralQuery, onlyNotFound: boolean): Promise<{ rows: ReferenceRow[]; total: number }> {
    const db = kysely<CatalogDB>(this.db.em());
    const scoped = () =>
      filterSearches(db.selectFrom('SearchAnalyticsSearch'), onlyNotFound ? { ...query.filter, found: false } : query.filter).where(
        'kind',
        'in',
        ['oem', 'substitutions'],
      );
    let q = scoped()
      .select((eb) => [
        'kind',
        'query',
        eb.fn.countAll<string>().as('count'),
        eb.fn.max('occurredAt').as('lastAt'),
        eb.fn.countAll<string>().over().as('total'),
      ])
      .groupBy(['kind', 'query']);
    if (query.order === 'count') q = q.orderBy('count', 'desc').orderBy('lastAt', 'desc').orderBy('query');
    else if (query.order === 'recent') q = q.orderBy('lastAt', 'desc').orderBy('count', 'desc').orderBy('query');
    else q = q.orderBy('query').orderBy('kind');
    const rows = await q
      .limit(query.perPage)
      .offset(query.page * query.perPage)
      .execute();
    let total = rows.length ? Number(rows[0]!.total) : 0;
    if (!rows.length && query.page > 0) {
      // Past the last page: count the references without reading them.
      const counted = await db
        .selectFrom(scoped().select(['kind', 'query']).groupBy(['kind', 'query']).as('refs'))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirst();
      total = Number(counted?.n ?? 0);
    }
    return {
      total,
      rows: rows.map((r) => ({ kind: r.kind, query: r.query, count: Number(r.count), lastSearchedAt: new Date(r.lastAt).toISOString() })),
    };
  }
}
