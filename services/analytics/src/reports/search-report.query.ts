import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { TERM_KINDS, type GeneralQuery, type GeneralReport, type ReferenceRow } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { AnalyticsDB } from '../analytics.database.js';
import { filterDays, filterSearches } from './analytics.filters.js';

export interface SearchReport {
  report: GeneralReport;
  totals: { topReferences: number; notFound: number };
  /** Searches per make (the catalogue's brand, the plate's make; a catalogue without make counts under its code). */
  byMake: { make: string; count: number; found: number }[];
}

/**
 * The general report: searches per day and kind, the terms searched most, those not found (the demand nobody
 * meets yet) and the searches per catalogue (spec 001 §7: getAnalyticsCatalogSearchGeneral); the operator
 * dashboard reads it too.
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
    const db = kysely<AnalyticsDB>(this.db.em());
    const days = () =>
      filterDays(db.selectFrom('SearchDay'), query.filter).select((eb) => [
        // Aliases differ from the columns' names: results are converted by the column of the same name.
        eb.fn.sum<string>('count').as('searches'),
        eb.fn.sum<string>('count').filterWhere('found', '=', true).as('foundSearches'),
        eb.fn.sum<string>('latencySumMs').as('latencyTotal'),
      ]);
    const perDay = await days().select(['day', 'kind']).groupBy(['day', 'kind']).orderBy('day', 'desc').orderBy('kind').execute();
    const byCatalog = await days()
      .select('catalogCode')
      .where('catalogCode', '<>', '')
      .groupBy('catalogCode')
      .orderBy('searches', 'desc')
      .orderBy('catalogCode')
      .execute();
    const makes = await days()
      .select(['make', 'catalogCode'])
      .where((eb) => eb.or([eb('make', '<>', ''), eb('catalogCode', '<>', '')]))
      .groupBy(['make', 'catalogCode'])
      .execute();
    const top = await this.references(query, false);
    const notFound = await this.references(query, true);
    const found = (r: { foundSearches: string | null }) => Number(r.foundSearches ?? 0);
    const avg = (latency: string | null, count: string | null) => (Number(count) ? Math.round(Number(latency) / Number(count)) : 0);
    const byMake = new Map<string, { make: string; count: number; found: number }>();
    for (const r of makes) {
      // Searches recorded before events carried the make count under their catalogue's code.
      const make = r.make || r.catalogCode;
      const entry = byMake.get(make) ?? { make, count: 0, found: 0 };
      entry.count += Number(r.searches);
      entry.found += found(r);
      byMake.set(make, entry);
    }
    return {
      report: {
        perDay: perDay.map((r) => ({
          day: r.day,
          kind: r.kind,
          count: Number(r.searches),
          found: found(r),
          notFound: Number(r.searches) - found(r),
          avgLatencyMs: avg(r.latencyTotal, r.searches),
        })),
        topReferences: top.rows,
        notFound: notFound.rows,
        byCatalog: byCatalog.map((r) => ({
          catalogCode: r.catalogCode,
          count: Number(r.searches),
          found: found(r),
          avgLatencyMs: avg(r.latencyTotal, r.searches),
        })),
      },
      totals: { topReferences: top.total, notFound: notFound.total },
      byMake: [...byMake.values()].sort((a, b) => b.count - a.count || a.make.localeCompare(b.make)),
    };
  }

  /** Part-number and text searches by term; `onlyNotFound` keeps the misses. */
  private async references(query: GeneralQuery, onlyNotFound: boolean): Promise<{ rows: ReferenceRow[]; total: number }> {
    const db = kysely<AnalyticsDB>(this.db.em());
    const scoped = () =>
      filterSearches(db.selectFrom('Search'), onlyNotFound ? { ...query.filter, found: false } : query.filter).where('kind', 'in', [
        ...TERM_KINDS,
      ]);
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
      // Past the last page: count the terms without reading them.
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
