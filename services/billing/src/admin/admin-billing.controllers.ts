import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  adminListQuerySchema,
  chargingPlanInputSchema,
  chargingPlanPatchSchema,
  defaultValidityDays,
  type AdminListQuery,
} from '@tuerca/contracts';
import {
  Access,
  AdminRange,
  ContextDatabase,
  CurrentVisitor,
  MethodNotAllowedError,
  actorOf,
  parseInput,
  zod,
  type Visitor,
} from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { BalancesService } from '../balances/balances.service.js';
import {
  CreateChargingPlanCommand,
  DeleteChargingPlanCommand,
  UpdateChargingPlanCommand,
  type PlanChanges,
} from '../plans/charging-plan.commands.js';
import { AdminBillingReader } from './admin-billing.reader.js';
import {
  ADMIN_READ,
  ADMIN_WRITE,
  adminBalanceFilterSchema,
  adminMetricsFilterSchema,
  adminParameterFilterSchema,
  adminParameterUpdateSchema,
  adminPlanFilterSchema,
  dayParamsSchema,
  manualCreditSchema,
  parameterNameParamsSchema,
  uuidParamsSchema,
} from './admin.routes.js';

type Id = { id: string };

const PLAN_FIELDS = ['title', 'description', 'amount', 'price', 'currency', 'transaction_type', 'validity_days', 'store_plan', 'active'];

/**
 * The plan fields a PUT carries. react-admin sends the whole record back (labels, dates, id): only the
 * plan's own fields are taken, parsed by the same contract as billing's PATCH.
 */
function planChangesOf(raw: unknown): PlanChanges {
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const sent = Object.fromEntries(PLAN_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
  const parsed = parseInput(chargingPlanPatchSchema, sent) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(sent).map((k) => [k, parsed[k]])) as PlanChanges;
}

/** /admin-api/charging-plans: CRUD of plans through billing's plan commands (delete is soft). */
@Controller('admin-api/charging-plans')
@Access(ADMIN_READ)
export class AdminChargingPlansController {
  constructor(
    private readonly reader: AdminBillingReader,
    private readonly commands: CommandBus,
    private readonly parameters: AppParametersService,
  ) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const { rows, total, start } = await this.reader.plans(parseInput(adminPlanFilterSchema, query.filter), query);
    return new AdminRange('charging-plans', rows, start, total);
  }

  @Get(':id')
  one(@Param(zod(uuidParamsSchema)) p: Id) {
    return this.reader.plan(p.id);
  }

  @Post()
  @Access(ADMIN_WRITE)
  async create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(chargingPlanInputSchema.partial({ currency: true }), raw ?? {});
    const currency = input.currency ?? (await this.parameters.all()).paymentCurrency;
    return this.commands.execute(new CreateChargingPlanCommand({ ...input, currency }, actorOf(visitor)));
  }

  @Put(':id')
  @Access(ADMIN_WRITE)
  update(@Param(zod(uuidParamsSchema)) p: Id, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new UpdateChargingPlanCommand(p.id, planChangesOf(raw), actorOf(visitor)));
  }

  @Delete(':id')
  @Access(ADMIN_WRITE)
  remove(@Param(zod(uuidParamsSchema)) p: Id, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new DeleteChargingPlanCommand(p.id, actorOf(visitor)));
  }
}

/** /admin-api/app-parameters: the metering thresholds; id = the parameter's name; GET /:id carries its history. */
@Controller('admin-api/app-parameters')
@Access(ADMIN_READ)
export class AdminAppParametersController {
  constructor(
    private readonly reader: AdminBillingReader,
    private readonly parameters: AppParametersService,
  ) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const { rows, total, start } = await this.reader.parameters(parseInput(adminParameterFilterSchema, query.filter), query);
    return new AdminRange('app-parameters', rows, start, total);
  }

  @Get(':id')
  one(@Param(zod(parameterNameParamsSchema)) p: Id) {
    return this.reader.parameter(p.id);
  }

  /** Validated by the parameter's own schema and audited (app_parameter_changes + AppParameterChanged). */
  @Put(':id')
  @Access(ADMIN_WRITE)
  async update(@Param(zod(parameterNameParamsSchema)) p: Id, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const body = parseInput(adminParameterUpdateSchema, raw ?? {});
    await this.reader.parameter(p.id);
    await this.parameters.set(p.id, body.value, visitor);
    return this.reader.parameter(p.id);
  }

  @Post()
  @Access(ADMIN_WRITE)
  create() {
    throw new MethodNotAllowedError();
  }

  @Delete(':id')
  @Access(ADMIN_WRITE)
  remove(@Param(zod(parameterNameParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }
}

/** /admin-api/consultation-balances: balances per person; POST is a manual credit with its reason. */
@Controller('admin-api/consultation-balances')
@Access(ADMIN_READ)
export class AdminConsultationBalancesController {
  constructor(
    private readonly reader: AdminBillingReader,
    private readonly balances: BalancesService,
    private readonly db: ContextDatabase,
  ) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const { rows, total, start } = await this.reader.balances(parseInput(adminBalanceFilterSchema, query.filter), query);
    return new AdminRange('consultation-balances', rows, start, total);
  }

  @Get(':id')
  one(@Param(zod(uuidParamsSchema)) p: Id) {
    return this.reader.balance(p.id);
  }

  /** Audited: the balance keeps reason and operator, and ConsultationsCredited carries both (source 'manual'). */
  @Post()
  @Access(ADMIN_WRITE)
  async credit(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(manualCreditSchema, raw ?? {});
    const credited = await this.db.transactional(async (em) => {
      const balance = await this.balances.credit(em, {
        userId: input.userId,
        type: input.type,
        amount: input.amount,
        validityDays: input.validityDays ?? defaultValidityDays(input.type),
        source: 'manual',
        reason: input.reason,
        creditedBy: visitor.user!.id,
        actor: actorOf(visitor),
      });
      await em.flush();
      return balance;
    });
    await this.balances.scheduleJobs(credited);
    return this.reader.balance(credited.id);
  }

  @Put(':id')
  @Access(ADMIN_WRITE)
  update(@Param(zod(uuidParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }

  @Delete(':id')
  @Access(ADMIN_WRITE)
  remove(@Param(zod(uuidParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }
}

/** /admin-api/billing-metrics: consultations consumed and plans sold per day, for the dashboard (read only). */
@Controller('admin-api/billing-metrics')
@Access(ADMIN_READ)
export class AdminBillingMetricsController {
  constructor(private readonly reader: AdminBillingReader) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const { rows, total, start } = await this.reader.metrics(parseInput(adminMetricsFilterSchema, query.filter), query);
    return new AdminRange('billing-metrics', rows, start, total);
  }

  @Get(':id')
  one(@Param(zod(dayParamsSchema)) p: Id) {
    return this.reader.metric(p.id);
  }

  @Post()
  @Access(ADMIN_WRITE)
  create() {
    throw new MethodNotAllowedError();
  }

  @Put(':id')
  @Access(ADMIN_WRITE)
  update(@Param(zod(dayParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }

  @Delete(':id')
  @Access(ADMIN_WRITE)
  remove(@Param(zod(dayParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }
}
