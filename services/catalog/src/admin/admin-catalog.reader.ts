import { Injectable } from '@nestjs/common';
import { Clock, ContextDatabase, NotFoundError, adminOrderBy, adminWindow, pgTextArray, idsOf } from '@tuerca/platform';
import type { AdminListQuery } from '@tuerca/contracts';
import { AnalyticsReader } from '../analytics/analytics.reader.js';
import {
  type AdminReport,
  type AdminReportFilter,
  type AdminSearch,
  type AdminSearchFilter,
  type AnalyticsSummary,
} from './admin.routes.js';

export interface AdminSlice<T> {
  rows: T[];
  total: number;
  start: number;
}

function whereBuilder() {
  const parts: string[] = [];
  const params: unknown[] = [];
  return {
    add(sql: string, ...values: unknown[]) {
      parts.push(sql);
      params.push(...values);
    },
    done() {
      return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
    },
  };
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const DAY_MS = 24 * 3600 * 1000;

const REPORT_SORT = {
  id: 'id',
  createdAt: 'created_at',
  resolvedAt: 'resolved_at',
  reference: 'reference',
  reporterKind: 'reporter_kind',
} as const;

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
} as const;

interface ReportRow {
  id: string;
  error_message: string;
  reference: string | null;
  url: string | null;
  reporter_kind: string;
  reporter_id: string;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
}

interface SearchDbRow {
  event_id: string;
  occurred_at: Date;
  day: string;
  kind: AdminSearch['kind'];
  query: string;
  person_kind: string;
  catalog_code: string | null;
  make: string | null;
  found: boolean;
  result_count: number;
  latency_ms: number;
}

function toReport(r: ReportRow): AdminReport {
  return {
    id: r.id,
    errorMessage: r.error_message,
    reference: r.reference,
    url: r.url,
    reporterKind: r.reporter_kind,
    reporterId: r.reporter_id,
    createdAt: iso(r.created_at)!,
    resolved: r.resolved_at !== null,
    resolvedAt: iso(r.resolved_at),
    resolvedBy: r.resolved_by,
  };
}

function toSearch(r: SearchDbRow): AdminSearch {
  return {
    id: r.event_id,
    occurredAt: iso(r.occurred_at)!,
    day: r.day,
    kind: r.kind,
    query: r.query,
    personKind: r.person_kind,
    catalogCode: r.catalog_code,
    make: r.make,
    found: r.found,
    resultCount: r.result_count,
    latencyMs: r.latency_ms,
  };
}

/** Today in Colombia (YYYY-MM-DD); the analytics read model counts Bogotá days. */
function bogotaDay(at: Date): string {
  return new Date(at.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

const SEARCH_COLUMNS = `s.event_id, s.occurred_at, to_char(s.day, 'YYYY-MM-DD') as day, s.kind, s.query, s.person_kind, s.catalog_code,
  c.brand as make, s.found, s.result_count, s.latency_ms`;

/** What the operator console reads of the catalogue: error reports and the search-analytics read model. */
@Injectable()
export class AdminCatalogReader {
  constructor(
    private readonly db: ContextDatabase,
    private readonly analytics: AnalyticsReader,
    private readonly clock: Clock,
  ) {}

  async reports(filter: AdminReportFilter, query: AdminListQuery): Promise<AdminSlice<AdminReport>> {
    const w = whereBuilder();
    const ids = idsOf(filter.id);
    if (ids) w.add('id::text = any(?::text[])', pgTextArray(ids));
    if (filter.q) w.add(`(error_message ilike ? or reference ilike ? or url ilike ?)`, like(filter.q), like(filter.q), like(filter.q));
    if (filter.reference) w.add('reference = ?', filter.reference);
    if (filter.resolved !== undefined) w.add(filter.resolved ? 'resolved_at is not null' : 'resolved_at is null');
    if (filter.reporterKind) w.add('reporter_kind = ?', filter.reporterKind);
    const where = w.done();
    const order = adminOrderBy(query.sort, REPORT_SORT, { field: 'createdAt', order: 'DESC' });
    const { limit, offset } = adminWindow(query, ids);
    const em = this.db.em();
    const [rows, count] = await Promise.all([
      em.execute<ReportRow[]>(`select * from error_reports ${where.sql} order by ${order} limit ? offset ?`, [
        ...where.params,
        limit,
        offset,
      ]),
      em.execute<{ n: string }[]>(`select count(*) as n from error_reports ${where.sql}`, where.params),
    ]);
    return { rows: rows.map(toReport), total: Number(count[0]!.n), start: offset };
  }

  async report(id: string): Promise<AdminReport> {
    const rows = await this.db.em().execute<ReportRow[]>('select * from error_reports where id = ?', [id]);
    if (!rows[0]) throw new NotFoundError();
    return toReport(rows[0]);
  }

  /** Marks a report resolved (who and when) or pending again. */
  async resolve(id: string, resolved: boolean, by: string): Promise<AdminReport> {
    const rows = await this.db
      .em()
      .execute<ReportRow[]>(
        resolved
          ? 'update error_reports set resolved_at = coalesce(resolved_at, now()), resolved_by = coalesce(resolved_by, ?) where id = ? returning *'
          : 'update error_reports set resolved_at = null, resolved_by = null where id = ? and ? is not null returning *',
        resolved ? [by, id] : [id, by],
      );
    if (!rows[0]) throw new NotFoundError();
    return toReport(rows[0]);
  }

  async searches(filter: AdminSearchFilter, query: AdminListQuery): Promise<AdminSlice<AdminSearch>> {
    const w = whereBuilder();
    const ids = idsOf(filter.id);
    if (ids) w.add('s.event_id::text = any(?::text[])', pgTextArray(ids));
    if (filter.kind) w.add('s.kind = ?', filter.kind);
    if (filter.found !== undefined) w.add('s.found = ?', filter.found);
    if (filter.personKind) w.add('s.person_kind = ?', filter.personKind);
    if (filter.catalogCode) w.add('s.catalog_code = ?', filter.catalogCode);
    if (filter.make) w.add('c.brand = ?', filter.make);
    if (filter.q) w.add(`s.query ilike ?`, like(filter.q));
    if (filter.from) w.add('s.day >= ?::date', filter.from);
    if (filter.to) w.add('s.day <= ?::date', filter.to);
    const where = w.done();
    const order = adminOrderBy(query.sort, SEARCH_SORT, { field: 'occurredAt', order: 'DESC' }, 's.event_id');
    const { limit, offset } = adminWindow(query, ids);
    const from = 'search_analytics_searches s left join catalogs c on c.code = s.catalog_code';
    const em = this.db.em();
    const [rows, count] = await Promise.all([
      em.execute<SearchDbRow[]>(`select ${SEARCH_COLUMNS} from ${from} ${where.sql} order by ${order} limit ? offset ?`, [
        ...where.params,
        limit,
        offset,
      ]),
      em.execute<{ n: string }[]>(`select count(*) as n from ${from} ${where.sql}`, where.params),
    ]);
    return { rows: rows.map(toSearch), total: Number(count[0]!.n), start: offset };
  }

  async search(id: string): Promise<AdminSearch> {
    const rows = await this.db
      .em()
      .execute<SearchDbRow[]>(
        `select ${SEARCH_COLUMNS} from search_analytics_searches s left join catalogs c on c.code = s.catalog_code where s.event_id = ?`,
        [id],
      );
    if (!rows[0]) throw new NotFoundError();
    return toSearch(rows[0]);
  }

  /**
   * The dashboard: searches per day by kind, top references, references not found and searches by make
   * over the last `days` Bogotá days (the same report as getAnalyticsCatalogSearchGeneral, shaped for charts).
   */
  async summary(id: string): Promise<AnalyticsSummary> {
    const days = id === 'summary' ? 30 : Number(id.slice('summary-'.length));
    const to = bogotaDay(this.clock.now());
    const from = bogotaDay(new Date(Date.parse(`${to}T12:00:00Z`) - (days - 1) * DAY_MS));
    const { report } = await this.analytics.general({ filter: { from, to }, page: 0, perPage: 10, order: 'count' });
    const perDay = new Map<string, AnalyticsSummary['perDay'][number]>();
    for (let i = 0; i < days; i++) {
      const day = bogotaDay(new Date(Date.parse(`${from}T12:00:00Z`) + i * DAY_MS + 5 * 3600 * 1000));
      perDay.set(day, { day, vin: 0, frame: 0, oem: 0, substitutions: 0, total: 0 });
    }
    let found = 0;
    let searches = 0;
    for (const r of report.perDay) {
      const row = perDay.get(r.day);
      if (!row) continue;
      row[r.kind] += r.count;
      row.total += r.count;
      searches += r.count;
      found += r.found;
    }
    const brands = await this.db.em().execute<{ code: string; brand: string }[]>('select code, brand from catalogs');
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
      totals: { searches, found, notFound: searches - found },
      perDay: [...perDay.values()],
      topReferences: report.topReferences,
      notFound: report.notFound,
      byMake: [...byMake.values()].sort((a, b) => b.count - a.count || a.make.localeCompare(b.make)),
    };
  }
}
