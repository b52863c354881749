import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ReturnDecided,
  ReturnRequested,
  t,
  type AdminListQuery,
  type ReturnState,
  type ReturnView,
  type SessionUser,
  type TransactionReturns,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, kysely, listPage, rangeWindow, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { releaseStock } from '../purchases/stock.js';
import { lockTransaction, parties, type LockedTransaction } from '../purchases/transaction-lifecycle.js';
import { uuidIdsOf } from '../stores/store.queries.js';
import { TransactionReturn } from './closing.entities.js';
import { isOperator, lockForStore, mayReadStore, sellerStoreOf } from './closing-access.js';
import { returnWindowDays } from './return-window.js';
import { readReturns } from './return.views.js';
import { lastReturnDay, returnDeadline, type Country } from './returns.rules.js';

/**
 * Returns: "a buyer may withdraw from an online purchase within 5 business days of delivery in Colombia (Ley
 * 1480 de 2011, art. 47, derecho de retracto) — the window is an app parameter per country; the seller accepts
 * or rejects with a reason; an accepted return restocks and reverses the payment record" (issue #13).
 */

interface WindowState {
  windowBusinessDays: number;
  deadline: Date | null;
  problem: string | null;
}

async function windowOf(
  em: EntityManager,
  tx: { state: string; deliveredAt: Date | null; country: Country },
  hasOpen: boolean,
  now: Date,
): Promise<WindowState> {
  const days = await returnWindowDays(em, tx.country);
  const deadline = tx.deliveredAt ? returnDeadline(tx.deliveredAt, tx.country, days) : null;
  let problem: string | null = null;
  if (tx.state === 'returned') problem = t('closing.returnAlreadyAccepted');
  else if (hasOpen) problem = t('closing.returnAlreadyOpen');
  else if (tx.state !== 'paid') problem = t('closing.returnNotPaid');
  else if (!tx.deliveredAt) problem = t('closing.returnNotDelivered');
  else if (now.getTime() >= deadline!.getTime()) {
    const [y, m, d] = lastReturnDay(tx.deliveredAt, tx.country, days).split('-');
    problem = t('closing.returnWindowOver', { date: `${d}/${m}/${y}`, days });
  }
  return { windowBusinessDays: days, deadline, problem };
}

/** GET .../{id}/loadTransactionReturns: for the buyer, the store's side (sellers, operators) and advisers; anyone else 404. */
export class LoadTransactionReturns extends Query<TransactionReturns> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(LoadTransactionReturns)
export class LoadTransactionReturnsHandler implements IQueryHandler<LoadTransactionReturns> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id }: LoadTransactionReturns): Promise<TransactionReturns> {
    const em = this.db.em();
    const tx = await kysely<MarketplaceDB>(em)
      .selectFrom('Transaction')
      .select(['id', 'buyerId', 'store', 'state', 'deliveredAt', 'country'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!tx || (tx.buyerId !== user.id && !mayReadStore(user, tx.store))) throw new NotFoundError();
    const returns = await readReturns(em, { transactionIds: [id] });
    const deliveredAt = tx.deliveredAt ? new Date(tx.deliveredAt) : null;
    const w = await windowOf(
      em,
      { state: tx.state, deliveredAt, country: tx.country },
      returns.some((r) => r.state === 'requested'),
      this.clock.now(),
    );
    return {
      transactionId: id,
      deliveredAt: deliveredAt?.toISOString() ?? null,
      windowBusinessDays: w.windowBusinessDays,
      deadline: w.deadline?.toISOString() ?? null,
      canRequest: tx.buyerId === user.id && w.problem === null,
      problem: w.problem,
      returns,
    };
  }
}

/** POST .../{id}/requestReturn: the buyer, within the window (checked against the clock at the request). */
export class RequestReturn extends Command<ReturnView> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
    readonly reason: string,
  ) {
    super();
  }
}

@CommandHandler(RequestReturn)
export class RequestReturnHandler implements ICommandHandler<RequestReturn> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id, reason }: RequestReturn): Promise<ReturnView> {
    const now = this.clock.now();
    const returnId = randomUUID();
    await this.db.transactional(async (em) => {
      const tx = await lockTransaction(em, { id, buyerId: user.id });
      if (!tx) throw new NotFoundError();
      const open = await kysely<MarketplaceDB>(em)
        .selectFrom('TransactionReturn')
        .select('id')
        .where('transaction', '=', id)
        .where('state', '=', 'requested')
        .executeTakeFirst();
      const w = await windowOf(em, { state: tx.state, deliveredAt: tx.deliveredAt ?? null, country: tx.country }, Boolean(open), now);
      if (w.problem) throw new DomainError(409, 'Return not allowed', [w.problem]);
      em.create(TransactionReturn, {
        id: returnId,
        transaction: tx.id,
        buyerId: user.id,
        state: 'requested',
        reason,
        decisionReason: null,
        requestedAt: now,
        decidedAt: null,
        decidedBy: null,
        sellerUnread: true,
      });
      tx.updatedAt = now;
      recordEvent(
        em,
        ReturnRequested,
        { ...parties(tx), returnId, reason },
        { aggregateId: tx.id, actor: { kind: 'user', id: user.id }, occurredAt: now },
      );
    });
    const [view] = await readReturns(this.db.em(), { ids: [returnId] });
    return view!;
  }
}

/**
 * PATCH .../{id}/decideReturn: the store (or an operator) accepts — the units go back to stock, every payment
 * not yet reversed is reversed with the return as its reason, the transaction is returned — or rejects with a
 * reason. The request waiting on the transaction is the one decided.
 */
export class DecideReturn extends Command<ReturnView> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
    readonly accepted: boolean,
    readonly reason: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(DecideReturn)
export class DecideReturnHandler implements ICommandHandler<DecideReturn> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id, accepted, reason }: DecideReturn): Promise<ReturnView> {
    const now = this.clock.now();
    const actor = { kind: 'user' as const, id: user.id };
    let returnId = '';
    await this.db.transactional(async (em) => {
      const tx: LockedTransaction = await lockForStore(em, id, user);
      const request = await em.findOne(TransactionReturn, { transaction: tx.id, state: 'requested' });
      if (!request) throw new DomainError(409, 'No open return', [t('closing.noOpenReturn')]);
      returnId = request.id;
      request.state = (accepted ? 'accepted' : 'rejected') satisfies ReturnState;
      request.decisionReason = reason ?? null;
      request.decidedAt = now;
      request.decidedBy = user.id;
      request.sellerUnread = false;
      if (accepted) {
        const k = kysely<MarketplaceDB>(em);
        const lines = await k.selectFrom('TransactionLine').select(['product', 'quantity']).where('transaction', '=', tx.id).execute();
        if (tx.stockState === 'committed' || tx.stockState === 'reserved')
          await releaseStock(
            em,
            lines.map((l) => ({ productId: l.product, quantity: l.quantity })),
            actor,
            now,
          );
        await k
          .updateTable('TransactionPayment')
          .set({ reversedAt: now, reversalReason: t('closing.returnReversalReason'), reversedBy: user.id, updatedAt: now })
          .where('transaction', '=', tx.id)
          .where('reversedAt', 'is', null)
          .execute();
        if (tx.stockState === 'committed' || tx.stockState === 'reserved') tx.stockState = 'released';
        tx.state = 'returned';
      }
      tx.buyerUnread = true;
      tx.updatedAt = now;
      recordEvent(
        em,
        ReturnDecided,
        { ...parties(tx), returnId: request.id, accepted, reason: reason ?? null },
        { aggregateId: tx.id, actor, occurredAt: now },
      );
    });
    const [view] = await readReturns(this.db.em(), { ids: [returnId] });
    return view!;
  }
}

/** /admin-api/transaction-returns: every store's for operators and advisers, their own store's for sellers. */
export class ListAdminReturns extends Query<{ rows: ReturnView[]; total: number; offset: number }> {
  constructor(
    readonly user: SessionUser,
    readonly query: AdminListQuery,
    readonly filter: { id?: string | string[]; state?: ReturnState; storeId?: string; transactionId?: string; sellerUnread?: boolean },
  ) {
    super();
  }
}

@QueryHandler(ListAdminReturns)
export class ListAdminReturnsHandler implements IQueryHandler<ListAdminReturns> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, query, filter }: ListAdminReturns) {
    const ids = uuidIdsOf(filter.id);
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('TransactionReturn as r')
      .innerJoin('Transaction as t', 't.id', 'r.transaction')
      .select(['r.id', 'r.requestedAt']);
    if (!isOperator(user) && !user.roles.includes('adviser')) {
      const own = sellerStoreOf(user);
      if (!own || (filter.storeId && filter.storeId !== own)) return { rows: [], total: 0, offset: 0 };
      q = q.where('t.store', '=', own);
    } else if (filter.storeId) q = q.where('t.store', '=', filter.storeId);
    if (ids) q = q.where('r.id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
    if (filter.state) q = q.where('r.state', '=', filter.state);
    if (filter.transactionId) q = q.where('r.transaction', '=', filter.transactionId);
    if (filter.sellerUnread !== undefined) q = q.where('r.sellerUnread', '=', filter.sellerUnread);
    const { rows, total, offset } = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: {
        sortable: { requestedAt: 'r.requested_at', state: 'r.state', id: 'r.id' },
        fallback: { field: 'requestedAt', order: 'DESC' },
        idColumn: 'r.id',
      },
    });
    return { rows: await readReturns(this.db.em(), { ids: rows.map((r) => r.id) }), total, offset };
  }
}

/** One return of the console; another store's is 404. */
export class GetAdminReturn extends Query<ReturnView> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdminReturn)
export class GetAdminReturnHandler implements IQueryHandler<GetAdminReturn> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, id }: GetAdminReturn): Promise<ReturnView> {
    const [view] = await readReturns(this.db.em(), { ids: [id] });
    if (!view || !mayReadStore(user, view.storeId)) throw new NotFoundError();
    return view;
  }
}
