import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { AdminListQuery, AdminTransaction, AdminTransactionFilter, SessionUser } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely, likePattern, listPage, rangeWindow } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { uuidIdsOf } from '../stores/store.queries.js';
import { isOperator, mayReadStore, sellerStoreOf } from './closing-access.js';
import { readAdminTransactions } from './admin-transaction.views.js';

const SORTABLE = { createdAt: 't.created_at', updatedAt: 't.updated_at', total: 't.total_cents', ref_venta: 't.ref_venta', id: 't.id' };

/**
 * /admin-api/transactions: every store's for operators and advisers, their own store's for sellers and store
 * admins. Filters: state, store, adviser ('me': the adviser's queue), dates (Bogotá days), text (ref_venta,
 * buyer), channel, unread.
 */
export class ListAdminTransactions extends Query<{ rows: AdminTransaction[]; total: number; offset: number }> {
  constructor(
    readonly user: SessionUser,
    readonly query: AdminListQuery,
    readonly filter: AdminTransactionFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminTransactions)
export class ListAdminTransactionsHandler implements IQueryHandler<ListAdminTransactions> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, query, filter }: ListAdminTransactions) {
    const now = this.clock.now();
    const ids = uuidIdsOf(filter.id);
    let q = kysely<MarketplaceDB>(this.db.em()).selectFrom('Transaction as t').select(['t.id', 't.createdAt']);
    const own = isOperator(user) || user.roles.includes('adviser') ? null : sellerStoreOf(user);
    if (!isOperator(user) && !user.roles.includes('adviser')) {
      if (!own || (filter.storeId && filter.storeId !== own)) return { rows: [], total: 0, offset: 0 };
      q = q.where('t.store', '=', own);
    } else if (filter.storeId) q = q.where('t.store', '=', filter.storeId);
    if (ids) q = q.where('t.id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
    if (filter.adviserId) q = q.where('t.adviserId', '=', filter.adviserId === 'me' ? user.id : filter.adviserId);
    if (filter.channel) q = q.where('t.channel', '=', filter.channel);
    if (filter.sellerUnread !== undefined) q = q.where('t.sellerUnread', '=', filter.sellerUnread);
    if (filter.state) {
      // A hold past its end reads as cancelled (reads check the clock), so the filter does too.
      const expired = sql<boolean>`(${sql.ref('t.stockState')} = 'reserved' and ${sql.ref('t.reservationExpiresAt')} <= ${now} and ${sql.ref('t.state')} in ('pending_payment', 'awaiting_confirmation'))`;
      q =
        filter.state === 'cancelled'
          ? q.where(sql<boolean>`(${sql.ref('t.state')} = 'cancelled' or ${expired})`)
          : q.where(sql<boolean>`(${sql.ref('t.state')} = ${filter.state} and not ${expired})`);
    }
    if (filter.from) q = q.where('t.createdAt', '>=', new Date(`${filter.from}T00:00:00-05:00`));
    if (filter.to) q = q.where('t.createdAt', '<', new Date(new Date(`${filter.to}T00:00:00-05:00`).getTime() + 24 * 3600_000));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      q = q.where((eb) =>
        eb.or([eb('t.refVenta', 'ilike', pattern), eb('t.buyerName', 'ilike', pattern), eb('t.buyerEmail', 'ilike', pattern)]),
      );
    }
    const { rows, total, offset } = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: SORTABLE, fallback: { field: 'createdAt', order: 'DESC' }, idColumn: 't.id' },
    });
    return {
      rows: await readAdminTransactions(
        this.db.em(),
        rows.map((r) => r.id),
        now,
      ),
      total,
      offset,
    };
  }
}

/** One transaction of the console: 404 for another store's seller. */
export class GetAdminTransaction extends Query<AdminTransaction> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdminTransaction)
export class GetAdminTransactionHandler implements IQueryHandler<GetAdminTransaction> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id }: GetAdminTransaction): Promise<AdminTransaction> {
    const [view] = await readAdminTransactions(this.db.em(), [id], this.clock.now());
    if (!view || !mayReadStore(user, view.storeId)) throw new NotFoundError();
    return view;
  }
}
