import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { TRANSACTION_SCOPES, type SessionUser, type TransactionFilter, type TransactionView } from '@tuerca/contracts';
import { Clock, ContextDatabase, ForbiddenError, NotFoundError, kysely, listPage, pageWindow, likePattern } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { readTransactionViews } from './transaction-views.js';

/** loadTransaction: one of the buyer's transactions (another person's is 404). */
export class LoadTransaction extends Query<TransactionView> {
  constructor(
    readonly buyerId: string,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(LoadTransaction)
export class LoadTransactionHandler implements IQueryHandler<LoadTransaction> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ buyerId, id }: LoadTransaction): Promise<TransactionView> {
    const [view] = await readTransactionViews(this.db.em(), [id], this.clock.now());
    if (!view || view.buyerId !== buyerId) throw new NotFoundError();
    return view;
  }
}

/**
 * listAllTransactions (purchases): the buyer's own transactions, or with filter.typeUser 'seller' the sales of
 * the seller's store (operators: every store, or the one in filter.storeId). Newest first; `scopes` pick state
 * groups (open: awaiting confirmation or payment; paid; closed: cancelled or returned; unread).
 */
export class ListTransactions extends Query<{ rows: TransactionView[]; total: number }> {
  constructor(
    readonly user: SessionUser,
    readonly filter: TransactionFilter,
    readonly page: { page: number; pageSize: number },
    readonly scopes: readonly string[],
  ) {
    super();
  }
}

@QueryHandler(ListTransactions)
export class ListTransactionsHandler implements IQueryHandler<ListTransactions> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, filter, page, scopes }: ListTransactions) {
    const now = this.clock.now();
    let q = kysely<MarketplaceDB>(this.db.em()).selectFrom('Transaction as t').select(['t.id', 't.createdAt']);
    if (filter.typeUser === 'seller') {
      const operator = user.roles.includes('operator');
      const seller = user.roles.includes('seller') || user.roles.includes('store_admin');
      if (!operator && !(seller && user.storeId)) throw new ForbiddenError();
      if (!operator) {
        if (filter.storeId && filter.storeId !== user.storeId) throw new ForbiddenError();
        q = q.where('t.store', '=', user.storeId!);
      } else if (filter.storeId) q = q.where('t.store', '=', filter.storeId);
      // changeOrderVisibility: an order the store hid leaves the store's list (the buyer's list keeps it).
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('StoreOrder as so')
              .select('so.transaction')
              .whereRef('so.transaction', '=', 't.id')
              .where('so.hiddenAt', 'is not', null),
          ),
        ),
      );
    } else {
      q = q.where('t.buyerId', '=', user.id);
      if (filter.storeId) q = q.where('t.store', '=', filter.storeId);
    }
    // A hold past its end reads as cancelled (reads check the clock), so the state filters do too.
    const expired = sql<boolean>`(${sql.ref('t.stockState')} = 'reserved' and ${sql.ref('t.reservationExpiresAt')} <= ${now} and ${sql.ref('t.state')} in ('pending_payment', 'awaiting_confirmation'))`;
    const stateIs = (states: string[]) =>
      sql<boolean>`((${sql.ref('t.state')} in (${sql.join(states)}) and not ${expired})${states.includes('cancelled') ? sql` or ${expired}` : sql``})`;
    if (filter.state) q = q.where(stateIs([filter.state]));
    const known = scopes.filter((s) => (TRANSACTION_SCOPES as readonly string[]).includes(s));
    if (known.includes('open')) q = q.where(stateIs(['awaiting_confirmation', 'pending_payment']));
    if (known.includes('paid')) q = q.where(stateIs(['paid']));
    if (known.includes('closed')) q = q.where(stateIs(['cancelled', 'returned']));
    if (known.includes('unread')) q = q.where(filter.typeUser === 'seller' ? 't.sellerUnread' : 't.buyerUnread', '=', true);
    if (filter.from) q = q.where('t.createdAt', '>=', new Date(`${filter.from}T00:00:00-05:00`));
    if (filter.to) q = q.where('t.createdAt', '<', new Date(new Date(`${filter.to}T00:00:00-05:00`).getTime() + 24 * 3600 * 1000));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      q = q.where((eb) =>
        eb.or([
          eb('t.refVenta', 'ilike', pattern),
          eb.exists(
            eb
              .selectFrom('TransactionLine as l')
              .select('l.id')
              .whereRef('l.transaction', '=', 't.id')
              .where((e) => e.or([e('l.title', 'ilike', pattern), e('l.reference', 'ilike', pattern)])),
          ),
        ]),
      );
    }
    const { rows, total } = await listPage(q, pageWindow(page), {
      sort: { field: 'createdAt', order: 'DESC' },
      spec: { sortable: { createdAt: 't.created_at' }, fallback: { field: 'createdAt', order: 'DESC' }, idColumn: 't.id' },
    });
    return {
      rows: await readTransactionViews(
        this.db.em(),
        rows.map((r) => r.id),
        now,
      ),
      total,
    };
  }
}

/** getUnreadTransactions: the buyer's transactions with changes they have not seen (paid, cancelled, confirmed…). */
export class UnreadTransactions extends Query<{ count: number; transactions: TransactionView[] }> {
  constructor(readonly buyerId: string) {
    super();
  }
}

@QueryHandler(UnreadTransactions)
export class UnreadTransactionsHandler implements IQueryHandler<UnreadTransactions> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ buyerId }: UnreadTransactions) {
    const rows = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Transaction')
      .select('id')
      .where('buyerId', '=', buyerId)
      .where('buyerUnread', '=', true)
      .orderBy('updatedAt', 'desc')
      .limit(50)
      .execute();
    const transactions = await readTransactionViews(
      this.db.em(),
      rows.map((r) => r.id),
      this.clock.now(),
    );
    return { count: transactions.length, transactions };
  }
}
