import { Injectable } from '@nestjs/common';
import { ContextDatabase } from '@tuerca/platform';
import type {
  GeneralFilter,
  GeneralQuery,
  GeneralReport,
  ReferenceRow,
  SearchRow,
  SearchesFilter,
  SearchesQuery,
} from './analytics.routes.js';

interface Where {
  sql: string;
  params: unknown[];
}

/** Where-clause of the filters both endpoints share (days are America/Bogota days). */
function where(f: GeneralFilter & Partial<Pick<SearchesFilter, 'found' | 'q'>>): Where {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    parts.push(sql);
    params.push(value);
  };
  if (f.kind) add('kind = ?', f.kind);
  if (f.catalogCode) add('catalog_code = ?', f.catalogCode);
  if (f.from) add('day >= ?::date', f.from);
  if (f.to) add('day <= ?::date', f.to);
  if (f.found !== undefined) add('found = ?', f.found);
  if (f.q) add(`query ilike ? escape '\\'`, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

const ORDER_BY: Record<GeneralQuery['order'], string> = {
  count: 'count desc, last_at desc, query',
  recent: 'last_at desc, count desc, query',
  query: 'query, kind',
};

interface ReferenceDbRow {
  kind: SearchRow['kind'];
  query: string;
  count: string;
  last_at: Date;
  total: string;
}

@Injectable()
export class AnalyticsReader {
  constructor(private readonly db: ContextDatabase) {}

  async searches(query: SearchesQuery): Promise<{ rows: SearchRow[]; total: number }> {
    const w = where(query.filter);
    const rows = await this.db.em().execute<
      {
        event_id: string;
        occurred_at: Date;
        kind: SearchRow['kind'];
        query: string;
        person_kind: SearchRow['personKind'];
        catalog_code: string | null;
        found: boolean;
        result_count: number;
        latency_ms: number;
        total: string;
      }[]
    >(
      `select *, count(*) over () as total from search_analytics_searches ${w.sql}
       order by occurred_at desc, event_id desc limit ? offset ?`,
      [...w.params, query.pageSize, query.page * query.pageSize],
    );
    const total = rows.length ? Number(rows[0]!.total) : await this.count(w);
    return {
      total,
      rows: rows.map((r) => ({
        eventId: r.event_id,
        occurredAt: new Date(r.occurred_at).toISOString(),
        kind: r.kind,
        query: r.query,
        personKind: r.person_kind,
        catalogCode: r.catalog_code,
        found: r.found,
        resultCount: r.result_count,
        latencyMs: r.latency_ms,
      })),
    };
  }

  private async count(w: Where): Promise<number> {
    const rows = await this.db.em().execute<{ n: string }[]>(`select count(*) as n from search_analytics_searches ${w.sql}`, w.params);
    return Number(rows[0]?.n ?? 0);
  }

  async general(query: GeneralQuery): Promise<{ report: GeneralReport; totals: { topReferences: number; notFound: number } }> {
    const em = this.db.em();
    const daily = where(query.filter);
    const perDay = await em.execute<{ day: string; kind: SearchRow['kind']; count: string; found: string; latency: string }[]>(
      `select to_char(day, 'YYYY-MM-DD') as day, kind, sum(count) as count, sum(count) filter (where found) as found, sum(latency_sum_ms) as latency
       from search_analytics_daily ${daily.sql} group by day, kind order by day desc, kind`,
      daily.params,
    );
    const byCatalog = await em.execute<{ catalog_code: string; count: string; found: string; latency: string }[]>(
      `select catalog_code, sum(count) as count, sum(count) filter (where found) as found, sum(latency_sum_ms) as latency
       from search_analytics_daily ${daily.sql ? `${daily.sql} and` : 'where'} catalog_code <> ''
       group by catalog_code order by count desc, catalog_code`,
      daily.params,
    );
    const top = await this.references(query, false);
    const notFound = await this.references(query, true);
    const avg = (latency: string, count: string) => (Number(count) ? Math.round(Number(latency) / Number(count)) : 0);
    return {
      report: {
        perDay: perDay.map((r) => ({
          day: r.day,
          kind: r.kind,
          count: Number(r.count),
          found: Number(r.found ?? 0),
          notFound: Number(r.count) - Number(r.found ?? 0),
          avgLatencyMs: avg(r.latency, r.count),
        })),
        topReferences: top.rows,
        notFound: notFound.rows,
        byCatalog: byCatalog.map((r) => ({
          catalogCode: r.catalog_code,
          count: Number(r.count),
          found: Number(r.found ?? 0),
          avgLatencyMs: avg(r.latency, r.count),
        })),
      },
      totals: { topReferences: top.total, notFound: notFound.total },
    };
  }

  /** Part-number searches (OEM and substitutions) by reference; `onlyNotFound` keeps the misses. */
  private async references(query: GeneralQuery, onlyNotFound: boolean): Promise<{ rows: ReferenceRow[]; total: number }> {
    const w = where(onlyNotFound ? { ...query.filter, found: false } : query.filter);
    const scope = `${w.sql ? `${w.sql} and` : 'where'} kind in ('oem', 'substitutions')`;
    const rows = await this.db.em().execute<ReferenceDbRow[]>(
      `select kind, query, count(*) as count, max(occurred_at) as last_at, count(*) over () as total
       from search_analytics_searches ${scope} group by kind, query
       order by ${ORDER_BY[query.order]} limit ? offset ?`,
      [...w.params, query.perPage, query.page * query.perPage],
    );
    let total = rows.length ? Number(rows[0]!.total) : 0;
    if (!rows.length && query.page > 0) {
      const counted = await this.db
        .em()
        .execute<{ n: string }[]>(`select count(distinct (kind, query)) as n from search_analytics_searches ${scope}`, w.params);
      total = Number(counted[0]?.n ?? 0);
    }
    return {
      total,
      rows: rows.map((r) => ({ kind: r.kind, query: r.query, count: Number(r.count), lastSearchedAt: new Date(r.last_at).toISOString() })),
    };
  }
}
