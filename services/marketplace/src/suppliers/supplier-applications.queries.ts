import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminListQuery, SupplierApplicationFilter, SupplierApplicationView } from '@tuerca/contracts';
import { ContextDatabase, containsAny, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { SUPPLIER_APPLICATION_COLUMNS, isUuid, toSupplierApplicationView } from './supplier-application.rules.js';
import { supplierApplicationNotFound } from './review-supplier-application.command.js';

const SORTABLE = {
  id: 'id',
  created_at: 'created_at',
  status: 'status',
  company: 'company',
  country: 'country',
  reviewed_at: 'reviewed_at',
};

export class ListSupplierApplications extends Query<{ rows: SupplierApplicationView[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: SupplierApplicationFilter,
  ) {
    super();
  }
}

/** The operators' list: newest first by default, by status and country, free text over company, tax id, contact, e-mail and city. */
@QueryHandler(ListSupplierApplications)
export class ListSupplierApplicationsHandler implements IQueryHandler<ListSupplierApplications> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, filter }: ListSupplierApplications) {
    let q = kysely<MarketplaceDB>(this.db.em()).selectFrom('SupplierApplication').select(SUPPLIER_APPLICATION_COLUMNS);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.country) q = q.where('country', '=', filter.country);
    if (filter.q) {
      const text = filter.q;
      q = q.where((eb) => containsAny(eb, ['company', 'tax_id', 'contact_name', 'email', 'city'], text));
    }
    const { rows, total, offset } = await listPage(q, rangeWindow(query), {
      sort: query.sort,
      spec: { sortable: SORTABLE, fallback: { field: 'created_at', order: 'DESC' } },
    });
    return { rows: rows.map(toSupplierApplicationView), total, offset };
  }
}

export class GetSupplierApplication extends Query<SupplierApplicationView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetSupplierApplication)
export class GetSupplierApplicationHandler implements IQueryHandler<GetSupplierApplication> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetSupplierApplication) {
    if (!isUuid(id)) throw supplierApplicationNotFound();
    const row = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('SupplierApplication')
      .select(SUPPLIER_APPLICATION_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw supplierApplicationNotFound();
    return toSupplierApplicationView(row);
  }
}
