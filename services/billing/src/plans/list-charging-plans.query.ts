import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PlanListFilter } from '@tuerca/contracts';
import { ContextDatabase, containsAny, kysely, listPage, pageWindow } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { toPlanView, type ChargingPlanView } from './charging-plan.rules.js';

export class ListChargingPlans extends Query<{ rows: ChargingPlanView[]; total: number }> {
  constructor(
    readonly filter: PlanListFilter,
    readonly page: { page: number; pageSize: number },
    readonly operator: boolean,
  ) {
    super();
  }
}

/**
 * The plan list (spec 000 §7 GET /core/chargingPlans/). Guests and customers see only active, non-deleted
 * plans whatever the filter says; operators see every live plan (active or not), or the deleted ones with
 * `deleted: true`. Newest first.
 */
@QueryHandler(ListChargingPlans)
export class ListChargingPlansHandler implements IQueryHandler<ListChargingPlans> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ filter, page, operator }: ListChargingPlans) {
    let q = kysely<BillingDB>(this.db.em()).selectFrom('ChargingPlan').selectAll();
    if (!operator) q = q.where('active', '=', true).where('deletedAt', 'is', null);
    else q = q.where('deletedAt', filter.deleted ? 'is not' : 'is', null);
    if (filter.transaction_type) q = q.where('transactionType', '=', filter.transaction_type);
    if (filter.active !== undefined) q = q.where('active', '=', filter.active);
    if (filter.store_plan !== undefined) q = q.where('storePlan', '=', filter.store_plan);
    const text = filter.q?.trim();
    if (text) q = q.where((eb) => containsAny(eb, ['title', 'description'], text));
    const { rows, total } = await listPage(q, pageWindow(page), {
      sort: undefined,
      spec: { sortable: { created_at: 'created_at' }, fallback: { field: 'created_at', order: 'DESC' } },
    });
    return { rows: rows.map((r) => toPlanView(r, { operator })), total };
  }
}
