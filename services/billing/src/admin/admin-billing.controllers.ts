import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  adminBalanceFilterSchema,
  adminMetricsFilterSchema,
  adminParameterFilterSchema,
  adminPlanFilterSchema,
  billingAdminRoutes,
  type RouteInput,
} from '@tuerca/contracts';
import { AdminRange, Bind, CurrentVisitor, Input, MethodNotAllowedError, actorOf, parseInput, type Visitor } from '@tuerca/platform';
import { SetAppParameter } from '../parameters/set-app-parameter.command.js';
import { CreateChargingPlan } from '../plans/create-charging-plan.command.js';
import { DeleteChargingPlan } from '../plans/delete-charging-plan.command.js';
import { UpdateChargingPlan } from '../plans/update-charging-plan.command.js';
import { GetAdminBalance, ListAdminBalances } from './admin-balances.query.js';
import { GetAdminParameter, ListAdminParameters } from './admin-parameters.query.js';
import { GetAdminPlan, ListAdminPlans } from './admin-plans.query.js';
import { GetBillingMetric, ListBillingMetrics } from './billing-metrics.query.js';
import { CreditManually } from './credit-manually.command.js';

const plans = billingAdminRoutes.plans;
const parameters = billingAdminRoutes.parameters;
const balances = billingAdminRoutes.balances;
const metrics = billingAdminRoutes.metrics;

/** /admin-api/charging-plans: CRUD of plans through billing's plan commands (delete is soft). */
@Controller()
export class AdminChargingPlansController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(plans.list)
  async list(@Input() { query }: RouteInput<typeof plans.list>) {
    const { rows, total, offset } = await this.queries.execute(new ListAdminPlans(parseInput(adminPlanFilterSchema, query.filter), query));
    return new AdminRange('charging-plans', rows, offset, total);
  }

  @Bind(plans.one)
  one(@Input() { params }: RouteInput<typeof plans.one>) {
    return this.queries.execute(new GetAdminPlan(params.id));
  }

  @Bind(plans.create)
  create(@Input() { body }: RouteInput<typeof plans.create>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new CreateChargingPlan(body, actorOf(visitor)));
  }

  /** react-admin sends the whole record back (labels, dates, id): the contract keeps only the plan's own fields. */
  @Bind(plans.update)
  update(@Input() { params, body }: RouteInput<typeof plans.update>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new UpdateChargingPlan(params.id, body, actorOf(visitor)));
  }

  @Bind(plans.remove)
  remove(@Input() { params }: RouteInput<typeof plans.remove>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new DeleteChargingPlan(params.id, actorOf(visitor)));
  }
}

/** /admin-api/app-parameters: the metering thresholds; id = the parameter's name; GET /:id carries its history. */
@Controller()
export class AdminAppParametersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(parameters.list)
  async list(@Input() { query }: RouteInput<typeof parameters.list>) {
    const filter = parseInput(adminParameterFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminParameters(filter, query));
    return new AdminRange('app-parameters', rows, offset, total);
  }

  @Bind(parameters.one)
  one(@Input() { params }: RouteInput<typeof parameters.one>) {
    return this.queries.execute(new GetAdminParameter(params.id));
  }

  /** Validated by the parameter's own schema and audited (app_parameter_changes + AppParameterChanged). */
  @Bind(parameters.update)
  async update(@Input() { params, body }: RouteInput<typeof parameters.update>, @CurrentVisitor() visitor: Visitor) {
    await this.commands.execute(new SetAppParameter(params.id, body.value, actorOf(visitor)));
    return this.queries.execute(new GetAdminParameter(params.id));
  }

  @Bind(parameters.create)
  create() {
    throw new MethodNotAllowedError();
  }

  @Bind(parameters.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}

/** /admin-api/consultation-balances: balances per person; POST is a manual credit with its reason. */
@Controller()
export class AdminConsultationBalancesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(balances.list)
  async list(@Input() { query }: RouteInput<typeof balances.list>) {
    const filter = parseInput(adminBalanceFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminBalances(filter, query));
    return new AdminRange('consultation-balances', rows, offset, total);
  }

  @Bind(balances.one)
  one(@Input() { params }: RouteInput<typeof balances.one>) {
    return this.queries.execute(new GetAdminBalance(params.id));
  }

  @Bind(balances.create)
  credit(@Input() { body }: RouteInput<typeof balances.create>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new CreditManually(body, visitor.user!.id, actorOf(visitor)));
  }

  @Bind(balances.update)
  update() {
    throw new MethodNotAllowedError();
  }

  @Bind(balances.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}

/** /admin-api/billing-metrics: consultations consumed and plans sold per day, for the dashboard (read only). */
@Controller()
export class AdminBillingMetricsController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(metrics.list)
  async list(@Input() { query }: RouteInput<typeof metrics.list>) {
    const filter = parseInput(adminMetricsFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListBillingMetrics(filter, query));
    return new AdminRange('billing-metrics', rows, offset, total);
  }

  @Bind(metrics.one)
  one(@Input() { params }: RouteInput<typeof metrics.one>) {
    return this.queries.execute(new GetBillingMetric(params.id));
  }

  @Bind(metrics.create)
  create() {
    throw new MethodNotAllowedError();
  }

  @Bind(metrics.update)
  update() {
    throw new MethodNotAllowedError();
  }

  @Bind(metrics.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}
