import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import {
  chargingPlanPatchSchema,
  defaultValidityDays,
  listQuerySchema,
  requestTrialBodySchema,
  t,
  type ListQuery,
} from '@tuerca/contracts';
import {
  Access,
  CurrentVisitor,
  LoginRequiredError,
  NotFoundError,
  Page,
  ValidationError,
  actorOf,
  ok,
  parseInput,
  zod,
  type Visitor,
} from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { allTabs } from './charging-plan.rules.js';
import {
  CreateChargingPlanCommand,
  DeleteChargingPlanCommand,
  UpdateChargingPlanCommand,
  type NewPlan,
  type PlanChanges,
} from './charging-plan.commands.js';
import { ChargingPlansReader, planListFilterSchema } from './charging-plans.reader.js';
import { activePlansQuerySchema, planCreateBodySchema, planIdParamsSchema } from './plans.routes.js';
import { RequestTrialCommand } from './request-trial.command.js';

function isOperator(visitor: Visitor): boolean {
  return visitor.user?.roles.includes('operator') ?? false;
}

/** Charging plans and trials (spec 000 §7 "Charging plans"; 001 §3 "Plan", §7 "Charging plans used here"). */
@Controller('api/core/chargingPlans')
export class ChargingPlansController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: ChargingPlansReader,
    private readonly parameters: AppParametersService,
  ) {}

  /** `getters` and `scopes` are accepted as the consoles send them; every plan already carries price_label and transaction_type_label. */
  @Get()
  async list(@Query(zod(listQuerySchema)) query: ListQuery, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(planListFilterSchema, query.filter);
    const { rows, total } = await this.reader.list(filter, query, isOperator(visitor));
    return new Page(rows, total, query);
  }

  @Get('getTransactionTypes')
  transactionTypes() {
    return ok(allTabs().map((tab) => ({ ...tab, validityDays: defaultValidityDays(tab.key) })));
  }

  /** spec: data.data is the list of tabs (key, label); `plans` are the active plans those tabs show. */
  @Get('getChargingPlansActive')
  async active(@Query(zod(activePlansQuerySchema)) query: z.infer<typeof activePlansQuerySchema>) {
    const filter = parseInput(planListFilterSchema, query.filter);
    const { tabs, plans } = await this.reader.active(filter, query.storePlans);
    const params = await this.parameters.all();
    return ok(
      { data: tabs, plans },
      { total: plans.length, storePlans: query.storePlans ? 1 : 0, paymentCurrency: params.paymentCurrency },
    );
  }

  /** spec 001 §7: the free publications count of the marketplace subscription type. */
  @Get('getFreepublicationsinML')
  async freePublications() {
    const params = await this.parameters.all();
    return ok({ amount: params.freePublicationsInML });
  }

  /** spec 000 §6: guests cannot request trial consultations without logging in (checked before the body). */
  @Post('requestTrialConsultation')
  async requestTrial(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    if (!visitor.user) throw new LoginRequiredError(401, t('session.loginToRequestTrial'));
    const body = parseInput(requestTrialBodySchema, raw ?? {});
    return ok(await this.commands.execute(new RequestTrialCommand(visitor.user.id, body.transactionType, actorOf(visitor))));
  }

  /**
   * The spec writes the list path with a trailing slash (GET /core/chargingPlans/). Nest registers
   * '/api/core/chargingPlans' and Fastify does not ignore trailing slashes, so the slash form is this
   * catch-all (the only kind of route an empty segment may reach); anything after the slash is not a route.
   * (There is no GET /:id: a parametric route would take the empty segment first, and the spec has none.)
   */
  @Get('*')
  async listAtSpecPath(@Param() params: Record<string, string>, @Query() rawQuery: unknown, @CurrentVisitor() visitor: Visitor) {
    if (params['*'] !== '') throw new NotFoundError();
    return this.list(parseInput(listQuerySchema, rawQuery ?? {}), visitor);
  }

  @Post()
  @Access(['operator'])
  async create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const body: NewPlan = parseInput(planCreateBodySchema, raw ?? {});
    const plan = await this.commands.execute(new CreateChargingPlanCommand(body, actorOf(visitor)));
    return ok(plan, { message: t('plans.planCreated') });
  }

  /** POST /api/core/chargingPlans/ as the spec writes it (see `listAtSpecPath`). */
  @Post('*')
  @Access(['operator'])
  async createAtSpecPath(@Param() params: Record<string, string>, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    if (params['*'] !== '') throw new NotFoundError();
    return this.create(raw, visitor);
  }

  @Patch(':id')
  @Access(['operator'])
  async update(@Param(zod(planIdParamsSchema)) params: { id: string }, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const changes = patchOf(raw ?? {});
    const plan = await this.commands.execute(new UpdateChargingPlanCommand(params.id, changes, actorOf(visitor)));
    return ok(plan, { message: t('plans.planUpdated') });
  }

  @Delete(':id')
  @Access(['operator'])
  async remove(@Param(zod(planIdParamsSchema)) params: { id: string }, @CurrentVisitor() visitor: Visitor) {
    const plan = await this.commands.execute(new DeleteChargingPlanCommand(params.id, actorOf(visitor)));
    return ok(plan, { message: t('plans.planDeleted') });
  }
}

const PATCHABLE = new Set([
  'title',
  'description',
  'amount',
  'price',
  'currency',
  'transaction_type',
  'validity_days',
  'store_plan',
  'active',
]);

/**
 * The fields a PATCH sent, parsed by the contract. zod applies the input schema's defaults inside
 * `.partial()`, so only the keys present in the body are kept: a PATCH never resets what it did not name.
 */
function patchOf(raw: unknown): PlanChanges {
  const parsed = parseInput(chargingPlanPatchSchema, raw) as Record<string, unknown>;
  const sent = Object.keys(raw as object).filter((k) => PATCHABLE.has(k));
  if (sent.length === 0) throw new ValidationError([t('plans.nothingToUpdate')]);
  return Object.fromEntries(sent.map((k) => [k, parsed[k]])) as PlanChanges;
}
