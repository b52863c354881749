import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CatalogImportListQuery, CatalogImportSummary } from '@tuerca/contracts';
import { ContextDatabase, kysely, listPage, pageWindow } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';

/** The imports received, newest first, by kind and status. */
export class ListCatalogImports extends Query<{ rows: CatalogImportSummary[]; total: number }> {
  constructor(readonly query: CatalogImportListQuery) {
    super();
  }
}

@QueryHandler(ListCatalogImports)
export class ListCatalogImportsHandler implements IQueryHandler<ListCatalogImports> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query }: ListCatalogImports) {
    let q = kysely<CatalogDB>(this.db.em())
      .selectFrom('CatalogImport')
      .select([
        'id',
        'kind',
        'fileName',
        'status',
        'recordCountDeclared',
        'recordCountParsed',
        'errorCount',
        'source',
        'warningCount',
        'createdBy',
        'createdAt',
      ]);
    if (query.kind) q = q.where('kind', '=', query.kind);
    if (query.status) q = q.where('status', '=', query.status);
    const { rows, total } = await listPage(q.orderBy('createdAt', 'desc').orderBy('id'), pageWindow(query));
    return { rows: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })), total };
  }
}
