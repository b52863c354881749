import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SessionUser, TransactionPaid, TransactionPaidFilter } from '@tuerca/contracts';
import { ContextDatabase, ForbiddenError, NotFoundError, kysely, listPage, type Window } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { isOperator, mayReadStore, sellerStoreOf } from './closing-access.js';
import { readTransactionPaid } from './transaction-paid.views.js';

/** GET /api/cart/TransactionPaid/{id}/loadTransactionPaid: one record; 404 for another store's seller. */
export class LoadTransactionPaid extends Query<TransactionPaid> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(LoadTransactionPaid)
export class LoadTransactionPaidHandler implements IQueryHandler<LoadTransactionPaid> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, id }: LoadTransactionPaid): Promise<TransactionPaid> {
    const [view] = await readTransactionPaid(this.db.em(), [id]);
    if (!view || !mayReadStore(user, view.storeId)) throw new NotFoundError();
    return view;
  }
}

const SORTABLE = { receivedAt: 'p.received_at', createdAt: 'p.created_at', amountCents: 'p.amount_cents', id: 'p.id' };

/**
 * GET /api/cart/TransactionPaid (and the console's /admin-api/transaction-paid): newest received first. Sellers
 * see their store's (naming another store is 403); operators and advisers every store's.
 */
export class ListTransactionPaid extends Query<{ rows: TransactionPaid[]; total: number; offset: number }> {
  constructor(
    readonly user: SessionUser,
    readonly filter: TransactionPaidFilter & { ids?: string[] },
    readonly window: Window,
    readonly sort?: { field: string; order: 'ASC' | 'DESC' },
  ) {
    super();
  }
}

@QueryHandler(ListTransactionPaid)
export class ListTransactionPaidHandler implements IQueryHandler<ListTransactionPaid> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, filter, window, sort }: ListTransactionPaid) {
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('TransactionPayment as p')
      .innerJoin('Transaction as t', 't.id', 'p.transaction')
      .select(['p.id', 'p.receivedAt']);
    const own = isOperator(user) || user.roles.includes('adviser') ? null : sellerStoreOf(user);
    if (!isOperator(user) && !user.roles.includes('adviser')) {
      if (!own || (filter.storeId && filter.storeId !== own)) throw new ForbiddenError();
      q = q.where('t.store', '=', own);
    } else if (filter.storeId) q = q.where('t.store', '=', filter.storeId);
    if (filter.ids) q = q.where('p.id', 'in', filter.ids.length ? filter.ids : ['00000000-0000-0000-0000-000000000000']);
    if (filter.transactionId) q = q.where('p.transaction', '=', filter.transactionId);
    if (filter.paymentType) q = q.where('p.paymentType', '=', filter.paymentType);
    if (filter.source) q = q.where('p.source', '=', filter.source);
    if (filter.reversed !== undefined) q = q.where('p.reversedAt', filter.reversed ? 'is not' : 'is', null);
    if (filter.from) q = q.where('p.receivedAt', '>=', new Date(`${filter.from}T00:00:00-05:00`));
    if (filter.to) q = q.where('p.receivedAt', '<', new Date(new Date(`${filter.to}T00:00:00-05:00`).getTime() + 24 * 3600_000));
    const { rows, total, offset } = await listPage(q, window, {
      sort,
      spec: { sortable: SORTABLE, fallback: { field: 'receivedAt', order: 'DESC' }, idColumn: 'p.id' },
    });
    return {
      rows: await readTransactionPaid(
        this.db.em(),
        rows.map((r) => r.id),
      ),
      total,
      offset,
    };
  }
}
