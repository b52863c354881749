import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { QuotationRecord, QuotationState } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely, listPage, type Window } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { readQuotationState } from './quotation.rules.js';

export interface QuotationScope {
  userId?: string;
  storeId?: string;
  ids?: string[];
  productId?: string;
}

/** Sortable fields (the operator console's names and the stored columns). */
const SORTABLE = {
  id: 'q.id',
  requestedAt: 'q.requested_at',
  requested_at: 'q.requested_at',
  respondedAt: 'q.responded_at',
  responded_at: 'q.responded_at',
  windowExpiresAt: 'q.window_expires_at',
  window_expires_at: 'q.window_expires_at',
  state: 'q.state',
  quantity: 'q.quantity',
} as const;

/** A person's quotations (listAllTransactions with onlyQuotation), a store's, or everyone's (the operator console). */
export class ListQuotations extends Query<{ rows: QuotationRecord[]; total: number }> {
  constructor(
    readonly scope: QuotationScope,
    readonly filter: { state?: QuotationState },
    readonly window: Window,
    readonly sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'requestedAt', order: 'DESC' },
  ) {
    super();
  }
}

@QueryHandler(ListQuotations)
export class ListQuotationsHandler implements IQueryHandler<ListQuotations> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ scope, filter, window, sort }: ListQuotations) {
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Quotation as q')
      .innerJoin('Product as p', 'p.id', 'q.product')
      .innerJoin('Store as s', 's.id', 'q.store')
      .select([
        'q.id',
        'q.product as productId',
        'p.title as productTitle',
        'p.referencia1 as reference',
        's.isVirtual',
        's.showProductReferences',
        'q.store as storeId',
        's.name as storeName',
        'q.userId',
        'q.customerName',
        'q.quantity',
        'q.state',
        'q.remainingTime',
        'q.price',
        'q.requestedAt',
        'q.respondedAt',
        'q.windowExpiresAt',
      ]);
    if (scope.userId) q = q.where('q.userId', '=', scope.userId);
    if (scope.storeId) q = q.where('q.store', '=', scope.storeId);
    if (scope.ids) q = q.where('q.id', 'in', scope.ids.length > 0 ? scope.ids : ['00000000-0000-0000-0000-000000000000']);
    if (scope.productId) q = q.where('q.product', '=', scope.productId);
    if (filter.state) q = q.where('q.state', '=', filter.state);
    const { rows, total } = await listPage(q, window, {
      sort,
      spec: { sortable: SORTABLE, fallback: { field: 'requestedAt', order: 'DESC' }, idColumn: 'q.id' },
    });
    const now = this.clock.now();
    const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
    return {
      total,
      rows: rows.map((r): QuotationRecord => ({
        recordType: 'quotation',
        id: r.id,
        productId: r.productId,
        productTitle: r.productTitle,
        reference: r.isVirtual && !r.showProductReferences ? null : r.reference,
        storeId: r.storeId,
        storeName: r.storeName,
        userId: r.userId,
        customerName: r.customerName,
        quantity: r.quantity,
        state: readQuotationState(r.state, r.windowExpiresAt ? new Date(r.windowExpiresAt) : null, now),
        remainingTime: r.remainingTime,
        price: r.price === null ? null : Number(r.price),
        requestedAt: iso(r.requestedAt)!,
        respondedAt: iso(r.respondedAt),
        windowExpiresAt: iso(r.windowExpiresAt),
      })),
    };
  }
}
