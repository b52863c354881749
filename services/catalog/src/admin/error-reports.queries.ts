import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminListQuery, AdminReport, AdminReportFilter } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, containsAny, idsOf, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { REPORT_COLUMNS, toReport } from './admin-catalog.rules.js';

/** Fields the operator list may sort by (react-admin's `sort`), each mapped to its column. */
const REPORT_SORT = {
  id: 'id',
  createdAt: 'created_at',
  resolvedAt: 'resolved_at',
  reference: 'reference',
  reporterKind: 'reporter_kind',
};

/** What people reported as wrong in substitutions, newest first; filters of the operator console. */
export class ListErrorReports extends Query<{ rows: AdminReport[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: AdminReportFilter,
  ) {
    super();
  }
}

@QueryHandler(ListErrorReports)
export class ListErrorReportsHandler implements IQueryHandler<ListErrorReports> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, filter: f }: ListErrorReports) {
    let q = kysely<CatalogDB>(this.db.em()).selectFrom('ErrorReport').select(REPORT_COLUMNS);
    const ids = idsOf(f.id);
    if (ids) q = q.where((eb) => eb(eb.cast('id', 'text'), 'in', ids));
    if (f.q) q = q.where((eb) => containsAny(eb, ['error_message', 'reference', 'url'], f.q!));
    if (f.reference) q = q.where('reference', '=', f.reference);
    if (f.resolved !== undefined) q = q.where('resolvedAt', f.resolved ? 'is not' : 'is', null);
    if (f.reporterKind) q = q.where('reporterKind', '=', f.reporterKind);
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: REPORT_SORT, fallback: { field: 'createdAt', order: 'DESC' } },
    });
    return { ...page, rows: page.rows.map(toReport) };
  }
}

export class GetErrorReport extends Query<AdminReport> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetErrorReport)
export class GetErrorReportHandler implements IQueryHandler<GetErrorReport> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetErrorReport): Promise<AdminReport> {
    const row = await kysely<CatalogDB>(this.db.em())
      .selectFrom('ErrorReport')
      .select(REPORT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toReport(row);
  }
}
