import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminBalance, AdminBalanceFilter, AdminListQuery } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, idsOf, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { BALANCE_COLUMNS, balanceView } from './admin-views.js';

const SORTABLE = {
  id: 'id',
  userId: 'user_id',
  type: 'type',
  amount: 'amount',
  remaining: 'remaining',
  source: 'source',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
};

/** Balances per person for the operator console; `status` reads the clock (expired as soon as the date passed). */
export class ListAdminBalances extends Query<{ rows: AdminBalance[]; total: number; offset: number }> {
  constructor(
    readonly filter: AdminBalanceFilter,
    readonly query: AdminListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListAdminBalances)
export class ListAdminBalancesHandler implements IQueryHandler<ListAdminBalances> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ filter, query }: ListAdminBalances) {
    const now = this.clock.now();
    const ids = idsOf(filter.id);
    let q = kysely<BillingDB>(this.db.em()).selectFrom('Balance').select(BALANCE_COLUMNS);
    if (ids) q = q.where((eb) => eb(eb.cast('id', 'text'), 'in', ids));
    if (filter.userId) q = q.where('userId', '=', filter.userId);
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.source) q = q.where('source', '=', filter.source);
    if (filter.status === 'available') q = q.where('remaining', '>', 0).where('expiredAt', 'is', null).where('expiresAt', '>', now);
    if (filter.status === 'spent') q = q.where('remaining', '=', 0).where('expiredAt', 'is', null);
    if (filter.status === 'expired')
      q = q.where((eb) => eb.or([eb('expiredAt', 'is not', null), eb.and([eb('remaining', '>', 0), eb('expiresAt', '<=', now)])]));
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: SORTABLE, fallback: { field: 'createdAt', order: 'DESC' } },
    });
    return { ...page, rows: page.rows.map((r) => balanceView(r, now)) };
  }
}

export class GetAdminBalance extends Query<AdminBalance> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetAdminBalance)
export class GetAdminBalanceHandler implements IQueryHandler<GetAdminBalance> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ id }: GetAdminBalance): Promise<AdminBalance> {
    const row = await kysely<BillingDB>(this.db.em()).selectFrom('Balance').select(BALANCE_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return balanceView(row, this.clock.now());
  }
}
