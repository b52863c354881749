import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  t,
  type AdminImportFilter,
  type AdminListQuery,
  type ImportDetail,
  type ImportStatus,
  type ImportSummary,
} from '@tuerca/contracts';
import {
  ContextDatabase,
  LoginRequiredError,
  NotFoundError,
  containsAny,
  idsOf,
  kysely,
  listPage,
  rangeWindow,
  type Window,
} from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { actingStoreId, canManageStore, type Manager } from '../stores/store-access.js';
import { IMPORT_SUMMARY_COLUMNS, importDetailOf, importSummaryOf } from './import-view.js';

/** Operators look across every store unless they name one (null); sellers and store admins at their own only. */
function importScope(by: Manager, storeId: string | undefined): string | null {
  if (!by.user) throw new LoginRequiredError();
  if (by.user.roles.includes('operator')) return storeId ?? null;
  return actingStoreId(by, storeId);
}

const ADMIN_SORTABLE = {
  id: 'id',
  createdAt: 'created_at',
  finishedAt: 'finished_at',
  fileName: 'file_name',
  status: 'status',
  format: 'format',
  storeId: 'store_id',
  rowCount: 'row_count',
  errorCount: 'error_count',
  progress: 'progress',
};

/** GET /api/catalogo/products/imports: the store's imports, the latest first (the spec's list query). */
export class ListProductImports extends Query<{ rows: ImportSummary[]; total: number }> {
  constructor(
    readonly by: Manager,
    readonly filter: { storeId?: string; status?: ImportStatus },
    readonly window: Window,
  ) {
    super();
  }
}

@QueryHandler(ListProductImports)
export class ListProductImportsHandler implements IQueryHandler<ListProductImports> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, filter, window }: ListProductImports) {
    let q = kysely<MarketplaceDB>(this.db.em()).selectFrom('ProductImport').select(IMPORT_SUMMARY_COLUMNS);
    const storeId = importScope(by, filter.storeId);
    if (storeId) q = q.where('store', '=', storeId);
    if (filter.status) q = q.where('status', '=', filter.status);
    const page = await listPage(q, window, {
      sort: undefined,
      spec: { sortable: { createdAt: 'created_at' }, fallback: { field: 'createdAt', order: 'DESC' } },
    });
    return { rows: page.rows.map(importSummaryOf), total: page.total };
  }
}

/** /admin-api/product-imports in ra-data-simple-rest's dialect; sellers see their own store's only. */
export class ListAdminProductImports extends Query<{ rows: ImportDetail[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: AdminImportFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminProductImports)
export class ListAdminProductImportsHandler implements IQueryHandler<ListAdminProductImports> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, query, filter }: ListAdminProductImports) {
    let q = kysely<MarketplaceDB>(this.db.em()).selectFrom('ProductImport').select(IMPORT_SUMMARY_COLUMNS);
    const storeId = importScope(by, filter.storeId);
    if (storeId) q = q.where('store', '=', storeId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.format) q = q.where('format', '=', filter.format);
    if (filter.q) q = q.where((eb) => containsAny(eb, ['file_name'], filter.q!));
    const ids = idsOf(filter.id);
    if (ids) q = q.where((eb) => eb(eb.cast('id', 'text'), 'in', ids.length ? ids : ['']));
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: ADMIN_SORTABLE, fallback: { field: 'createdAt', order: 'DESC' } },
    });
    // Lists leave the errors out; one import answers them.
    return { ...page, rows: page.rows.map((r) => importDetailOf({ ...r, errors: [], warnings: [] })) };
  }
}

/** One import with its errors; another store's import is 404 (its existence is not revealed). */
export class GetProductImport extends Query<ImportDetail> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetProductImport)
export class GetProductImportHandler implements IQueryHandler<GetProductImport> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, id }: GetProductImport): Promise<ImportDetail> {
    if (!by.user) throw new LoginRequiredError();
    const row = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('ProductImport')
      .select([...IMPORT_SUMMARY_COLUMNS, 'errors', 'warnings'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !canManageStore(by, row.store)) throw new NotFoundError(t('productImports.notFound'));
    return importDetailOf(row);
  }
}
