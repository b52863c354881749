import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { planListFilterSchema, plansRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, Page, actorOf, ok, parseInput, type Visitor } from '@tuerca/platform';
import { CreateChargingPlan } from './create-charging-plan.command.js';
import { DeleteChargingPlan } from './delete-charging-plan.command.js';
import { GetActivePlans } from './get-active-plans.query.js';
import { GetFreePublications, GetTransactionTypes } from './get-plan-catalogue.query.js';
import { ListChargingPlans } from './list-charging-plans.query.js';
import { RequestTrial } from './request-trial.command.js';
import { UpdateChargingPlan } from './update-charging-plan.command.js';

const isOperator = (visitor: Visitor) => visitor.user?.roles.includes('operator') ?? false;

/** Charging plans and trials (spec 000 §7 "Charging plans"; 001 §3 "Plan", §7 "Charging plans used here"). */
@Controller()
export class ChargingPlansController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** `getters` and `scopes` are accepted as the consoles send them; every plan already carries its labels. */
  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(planListFilterSchema, query.filter);
    const { rows, total } = await this.queries.execute(new ListChargingPlans(filter, query, isOperator(visitor)));
    return new Page(rows, total, query);
  }

  @Bind(routes.transactionTypes)
  async transactionTypes() {
    return ok(await this.queries.execute(new GetTransactionTypes()));
  }

  /** spec: data.data is the list of tabs (key, label); `plans` are the active plans those tabs show. */
  @Bind(routes.active)
  async active(@Input() { query }: RouteInput<typeof routes.active>) {
    const filter = parseInput(planListFilterSchema, query.filter);
    const { tabs, plans, paymentCurrency } = await this.queries.execute(new GetActivePlans(filter, query.storePlans));
    return ok({ data: tabs, plans }, { total: plans.length, storePlans: query.storePlans ? 1 : 0, paymentCurrency });
  }

  @Bind(routes.freePublications)
  async freePublications() {
    return ok(await this.queries.execute(new GetFreePublications()));
  }

  @Bind(routes.requestTrial)
  async requestTrial(@Input() { body }: RouteInput<typeof routes.requestTrial>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new RequestTrial(visitor.user?.id ?? null, body.transactionType, actorOf(visitor))));
  }

  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    const plan = await this.commands.execute(new CreateChargingPlan(body, actorOf(visitor)));
    return ok(plan, { message: t('plans.planCreated') });
  }

  @Bind(routes.update)
  async update(@Input() { params, body }: RouteInput<typeof routes.update>, @CurrentVisitor() visitor: Visitor) {
    const plan = await this.commands.execute(new UpdateChargingPlan(params.id, body, actorOf(visitor)));
    return ok(plan, { message: t('plans.planUpdated') });
  }

  @Bind(routes.remove)
  async remove(@Input() { params }: RouteInput<typeof routes.remove>, @CurrentVisitor() visitor: Visitor) {
    const plan = await this.commands.execute(new DeleteChargingPlan(params.id, actorOf(visitor)));
    return ok(plan, { message: t('plans.planDeleted') });
  }
}
