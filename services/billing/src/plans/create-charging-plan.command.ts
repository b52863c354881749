import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, ChargingPlanInput, Currency } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { ChargingPlan } from './charging-plan.entity.js';
import { toPlanView, validityFor, type ChargingPlanView } from './charging-plan.rules.js';
import { recordPlanChange } from './plan-events.js';

/** A new plan; `currency` absent means the app's payment currency (spec 001 §3: it comes from the app parameters). */
export type NewPlan = Omit<ChargingPlanInput, 'currency'> & { currency?: Currency };

export class CreateChargingPlan extends Command<ChargingPlanView> {
  constructor(
    readonly input: NewPlan,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(CreateChargingPlan)
export class CreateChargingPlanHandler implements ICommandHandler<CreateChargingPlan> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly parameters: AppParametersService,
  ) {}

  async execute({ input, actor }: CreateChargingPlan): Promise<ChargingPlanView> {
    const currency = input.currency ?? (await this.parameters.all()).paymentCurrency;
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const plan = em.create(ChargingPlan, {
        id: randomUUID(),
        title: input.title,
        description: input.description,
        amount: input.amount,
        price: input.price.toFixed(2),
        currency,
        transactionType: input.transaction_type,
        validityDays: validityFor(input.transaction_type, input.validity_days),
        storePlan: input.store_plan,
        active: input.active,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      em.persist(plan);
      recordPlanChange(em, plan, 'created', actor, now);
      await em.flush();
      return toPlanView(plan, { operator: true });
    });
  }
}
