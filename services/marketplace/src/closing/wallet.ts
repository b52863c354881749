import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import {
  TRANSACTION_STATES,
  t,
  type SessionUser,
  type TransactionState,
  type WalletFilter,
  type WalletIndicators,
  type WalletScenario,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, ForbiddenError, NotFoundError, ValidationError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { isOperator, mayWorkStore, sellerStoreOf } from './closing-access.js';
import { localDate } from './returns.rules.js';

/**
 * The sellers' wallet (spec 000 §7 getIndicatorsWallet (filter), changeReadInWalletStatus (scenario, isRead),
 * changeReadInWalletStatusAll (scenario), ChangeReadStatusAll (typeUser); issue #13: "sales count and value by
 * state, pending confirmations, unread, average ticket, for the seller's store (operators: any store, or all)".
 */

/** The store a seller's call is about: their own (another store's id is 403); operators the one named, or null for all. */
function scopeStore(user: SessionUser, storeId: string | undefined): string | null {
  if (isOperator(user)) return storeId ?? null;
  const own = sellerStoreOf(user);
  if (!own || (storeId && storeId !== own)) throw new ForbiddenError();
  return own;
}

const DAY = 24 * 3600_000;

/** The period's bounds as Bogotá calendar days (both inclusive): the period the wallet shows. */
export function periodBounds(filter: Pick<WalletFilter, 'period' | 'from' | 'to'>, now: Date): { from: string; to: string } {
  const today = localDate(now, 'CO');
  const back = (days: number) => localDate(new Date(now.getTime() - days * DAY), 'CO');
  switch (filter.period) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: back(6), to: today };
    case '30d':
      return { from: back(29), to: today };
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'custom':
      return { from: filter.from!, to: filter.to! };
  }
}

export class WalletIndicatorsQuery extends Query<WalletIndicators> {
  constructor(
    readonly user: SessionUser,
    readonly filter: WalletFilter,
  ) {
    super();
  }
}

@QueryHandler(WalletIndicatorsQuery)
export class WalletIndicatorsHandler implements IQueryHandler<WalletIndicatorsQuery> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, filter }: WalletIndicatorsQuery): Promise<WalletIndicators> {
    const now = this.clock.now();
    const storeId = scopeStore(user, filter.storeId);
    const period = periodBounds(filter, now);
    const from = new Date(`${period.from}T00:00:00-05:00`);
    const to = new Date(new Date(`${period.to}T00:00:00-05:00`).getTime() + DAY);
    const k = kysely<MarketplaceDB>(this.db.em());
    // A hold past its end reads as cancelled (reads check the clock): the state is the one people see.
    const expired = sql<boolean>`(${sql.ref('t.stockState')} = 'reserved' and ${sql.ref('t.reservationExpiresAt')} <= ${now} and ${sql.ref('t.state')} in ('pending_payment', 'awaiting_confirmation'))`;
    const readState = sql<TransactionState>`case when ${expired} then 'cancelled' else ${sql.ref('t.state')} end`;
    // The store's local day of a sale (Colombia UTC−5, central Mexico UTC−6; neither has daylight saving).
    const localDay = sql<string>`to_char(${sql.ref('t.createdAt')} at time zone (case when ${sql.ref('t.country')} = 'MX' then 'America/Mexico_City' else 'America/Bogota' end), 'YYYY-MM-DD')`;
    let base = k.selectFrom('Transaction as t').where('t.createdAt', '>=', from).where('t.createdAt', '<', to);
    if (storeId) base = base.where('t.store', '=', storeId);
    if (filter.state) base = base.where(sql<boolean>`${readState} = ${filter.state}`);
    const [byState, perDay] = await Promise.all([
      // Grouped over a subquery: the read state carries the clock as a parameter, which a GROUP BY cannot repeat.
      k
        .selectFrom(base.select(['t.currency', readState.as('state'), 't.totalCents']).as('x'))
        .select([
          'x.currency',
          'x.state',
          sql<string>`count(*)`.as('count'),
          sql<string>`coalesce(sum(${sql.ref('x.totalCents')}), 0)`.as('value'),
        ])
        .groupBy(['x.currency', 'x.state'])
        .execute(),
      base
        .where('t.state', '=', 'paid')
        .select([
          't.currency',
          localDay.as('day'),
          sql<string>`count(*)`.as('count'),
          sql<string>`coalesce(sum(${sql.ref('t.totalCents')}), 0)`.as('value'),
        ])
        .groupBy(['t.currency', localDay])
        .orderBy(localDay)
        .execute(),
    ]);
    let now_ = k.selectFrom('Transaction as t');
    if (storeId) now_ = now_.where('t.store', '=', storeId);
    let returns = k.selectFrom('TransactionReturn as r').innerJoin('Transaction as t', 't.id', 'r.transaction');
    if (storeId) returns = returns.where('t.store', '=', storeId);
    const [pending, unreadSales, returnCounts] = await Promise.all([
      now_
        .where('t.state', '=', 'awaiting_confirmation')
        .where(sql<boolean>`not ${expired}`)
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
      now_
        .where('t.sellerUnread', '=', true)
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
      returns
        .select([
          sql<string>`count(*) filter (where ${sql.ref('r.sellerUnread')})`.as('unread'),
          sql<string>`count(*) filter (where ${sql.ref('r.state')} = 'requested')`.as('open'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    const currencies = [...new Set(byState.map((r) => r.currency))].sort();
    return {
      storeId,
      period,
      totals: currencies.map((currency) => {
        const rows = byState.filter((r) => r.currency === currency);
        const paid = rows.find((r) => r.state === 'paid');
        const salesCount = Number(paid?.count ?? 0);
        const salesValueCents = Number(paid?.value ?? 0);
        return {
          currency,
          count: rows.reduce((n, r) => n + Number(r.count), 0),
          byState: TRANSACTION_STATES.map((state) => {
            const r = rows.find((x) => x.state === state);
            return { state, count: Number(r?.count ?? 0), valueCents: Number(r?.value ?? 0) };
          }),
          salesCount,
          salesValueCents,
          averageTicketCents: salesCount ? Math.round(salesValueCents / salesCount) : 0,
          salesPerDay: perDay
            .filter((d) => d.currency === currency)
            .map((d) => ({ day: d.day, count: Number(d.count), valueCents: Number(d.value) })),
        };
      }),
      pendingConfirmations: Number(pending.n),
      unread: { sales: Number(unreadSales.n), returns: Number(returnCounts.unread) },
      openReturns: Number(returnCounts.open),
    };
  }
}

/** PATCH .../{id}/changeReadInWalletStatus: the store side marks one sale (or its return requests) read or unread. */
export class ChangeReadInWallet extends Command<{ id: string; scenario: WalletScenario; isRead: boolean }> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
    readonly scenario: WalletScenario,
    readonly isRead: boolean,
  ) {
    super();
  }
}

@CommandHandler(ChangeReadInWallet)
export class ChangeReadInWalletHandler implements ICommandHandler<ChangeReadInWallet> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, id, scenario, isRead }: ChangeReadInWallet) {
    const k = kysely<MarketplaceDB>(this.db.em());
    const tx = await k.selectFrom('Transaction').select(['id', 'store']).where('id', '=', id).executeTakeFirst();
    if (!tx || !mayWorkStore(user, tx.store)) throw new NotFoundError();
    if (scenario === 'sales') await k.updateTable('Transaction').set({ sellerUnread: !isRead }).where('id', '=', id).execute();
    else await k.updateTable('TransactionReturn').set({ sellerUnread: !isRead }).where('transaction', '=', id).execute();
    return { id, scenario, isRead };
  }
}

/** PATCH .../changeReadInWalletStatusAll: everything of the scenario read, for the seller's store (operators name the store). */
export class ChangeReadInWalletAll extends Command<number> {
  constructor(
    readonly user: SessionUser,
    readonly scenario: WalletScenario,
    readonly storeId: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(ChangeReadInWalletAll)
export class ChangeReadInWalletAllHandler implements ICommandHandler<ChangeReadInWalletAll> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, scenario, storeId }: ChangeReadInWalletAll): Promise<number> {
    const store = scopeStore(user, storeId);
    if (!store) throw new ValidationError([t('closing.storeRequired')], [{ path: 'storeId', message: t('closing.storeRequired') }]);
    return markAllRead(this.db, scenario, store);
  }
}

async function markAllRead(db: ContextDatabase, scenario: WalletScenario, store: string): Promise<number> {
  const k = kysely<MarketplaceDB>(db.em());
  if (scenario === 'sales') {
    const r = await k
      .updateTable('Transaction')
      .set({ sellerUnread: false })
      .where('store', '=', store)
      .where('sellerUnread', '=', true)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
  const r = await k
    .updateTable('TransactionReturn')
    .set({ sellerUnread: false })
    .where('sellerUnread', '=', true)
    .where('transaction', 'in', (eb) => eb.selectFrom('Transaction').select('id').where('store', '=', store))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** PATCH .../ChangeReadStatusAll (typeUser): the buyer's purchases all read, or the seller's store's sales all read. */
export class ChangeReadStatusAll extends Command<number> {
  constructor(
    readonly user: SessionUser,
    readonly typeUser: 'buyer' | 'seller',
  ) {
    super();
  }
}

@CommandHandler(ChangeReadStatusAll)
export class ChangeReadStatusAllHandler implements ICommandHandler<ChangeReadStatusAll> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, typeUser }: ChangeReadStatusAll): Promise<number> {
    if (typeUser === 'seller') {
      const own = sellerStoreOf(user);
      if (!own) throw new ForbiddenError();
      return markAllRead(this.db, 'sales', own);
    }
    const r = await kysely<MarketplaceDB>(this.db.em())
      .updateTable('Transaction')
      .set({ buyerUnread: false })
      .where('buyerId', '=', user.id)
      .where('buyerUnread', '=', true)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
