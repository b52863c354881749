import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { TRANSACTION_TYPES, type Currency, type PlanListFilter, type PlanTab, type TransactionType } from '@tuerca/contracts';
import { ContextDatabase, containsAny, kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { activeTabs, toPlanView, type ChargingPlanView } from './charging-plan.rules.js';

export interface ActivePlans {
  tabs: PlanTab[];
  plans: ChargingPlanView[];
  paymentCurrency: Currency;
}

export class GetActivePlans extends Query<ActivePlans> {
  constructor(
    readonly filter: PlanListFilter,
    readonly storePlans: boolean,
  ) {
    super();
  }
}

/**
 * The plans view (spec 000 §7 getChargingPlansActive): active plans for people (storePlans 0) or for
 * stores (storePlans 1), tabs in the spec's order, cheapest first within each, and the tabs that have them.
 */
@QueryHandler(GetActivePlans)
export class GetActivePlansHandler implements IQueryHandler<GetActivePlans> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly parameters: AppParametersService,
  ) {}

  async execute({ filter, storePlans }: GetActivePlans): Promise<ActivePlans> {
    let q = kysely<BillingDB>(this.db.em())
      .selectFrom('ChargingPlan')
      .selectAll()
      .where('active', '=', true)
      .where('deletedAt', 'is', null)
      .where('storePlan', '=', storePlans);
    if (filter.transaction_type) q = q.where('transactionType', '=', filter.transaction_type);
    const text = filter.q?.trim();
    if (text) q = q.where((eb) => containsAny(eb, ['title', 'description'], text));
    const [rows, params] = await Promise.all([q.orderBy('price').orderBy('amount', 'desc').orderBy('id').execute(), this.parameters.all()]);
    const order = (type: TransactionType) => TRANSACTION_TYPES.indexOf(type);
    rows.sort((a, b) => order(a.transactionType) - order(b.transactionType));
    return {
      tabs: activeTabs(
        rows.map((r) => r.transactionType),
        filter.transaction_type,
      ),
      plans: rows.map((r) => toPlanView(r, { operator: false })),
      paymentCurrency: params.paymentCurrency,
    };
  }
}
