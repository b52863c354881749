import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminListQuery, AdminPlanFilter } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, containsAny, idsOf, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { toPlanView, type ChargingPlanView } from '../plans/charging-plan.rules.js';

const SORTABLE = {
  id: 'id',
  title: 'title',
  price: 'price',
  amount: 'amount',
  currency: 'currency',
  transaction_type: 'transaction_type',
  validity_days: 'validity_days',
  store_plan: 'store_plan',
  active: 'active',
  created_at: 'created_at',
  updated_at: 'updated_at',
  deleted_at: 'deleted_at',
};

/** The operator's plan list: inactive plans too, the deleted ones on request; any whitelisted sort. */
export class ListAdminPlans extends Query<{ rows: ChargingPlanView[]; total: number; offset: number }> {
  constructor(
    readonly filter: AdminPlanFilter,
    readonly query: AdminListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListAdminPlans)
export class ListAdminPlansHandler implements IQueryHandler<ListAdminPlans> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ filter, query }: ListAdminPlans) {
    const ids = idsOf(filter.id);
    let q = kysely<BillingDB>(this.db.em()).selectFrom('ChargingPlan').selectAll();
    if (ids) q = q.where((eb) => eb(eb.cast('id', 'text'), 'in', ids));
    else q = q.where('deletedAt', filter.deleted ? 'is not' : 'is', null);
    if (filter.transaction_type) q = q.where('transactionType', '=', filter.transaction_type);
    if (filter.currency) q = q.where('currency', '=', filter.currency);
    if (filter.active !== undefined) q = q.where('active', '=', filter.active);
    if (filter.store_plan !== undefined) q = q.where('storePlan', '=', filter.store_plan);
    if (filter.q) {
      const text = filter.q;
      q = q.where((eb) => containsAny(eb, ['title', 'description'], text));
    }
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: SORTABLE, fallback: { field: 'created_at', order: 'DESC' } },
    });
    return { ...page, rows: page.rows.map((r) => toPlanView(r, { operator: true })) };
  }
}

/** One plan, deleted ones too (the operator's history of payments names them). */
export class GetAdminPlan extends Query<ChargingPlanView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetAdminPlan)
export class GetAdminPlanHandler implements IQueryHandler<GetAdminPlan> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetAdminPlan): Promise<ChargingPlanView> {
    const row = await kysely<BillingDB>(this.db.em()).selectFrom('ChargingPlan').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toPlanView(row, { operator: true });
  }
}
