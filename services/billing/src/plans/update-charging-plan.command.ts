import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, ChargingPlanPatch } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { ChargingPlan } from './charging-plan.entity.js';
import { toPlanView, validityAfterPatch, type ChargingPlanView } from './charging-plan.rules.js';
import { planNotFound, recordPlanChange } from './plan-events.js';

/** Only the fields the operator sent. */
export type PlanChanges = ChargingPlanPatch;

export class UpdateChargingPlan extends Command<ChargingPlanView> {
  constructor(
    readonly id: string,
    readonly changes: PlanChanges,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** Payments copy price, consultations and validity when they start, so a change never alters one under way. */
@CommandHandler(UpdateChargingPlan)
export class UpdateChargingPlanHandler implements ICommandHandler<UpdateChargingPlan> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ id, changes, actor }: UpdateChargingPlan): Promise<ChargingPlanView> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const plan = await em.findOne(ChargingPlan, { id, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!plan) throw planNotFound();
      plan.validityDays = validityAfterPatch({ transaction_type: plan.transactionType, validity_days: plan.validityDays }, changes);
      if (changes.title !== undefined) plan.title = changes.title;
      if (changes.description !== undefined) plan.description = changes.description;
      if (changes.amount !== undefined) plan.amount = changes.amount;
      if (changes.price !== undefined) plan.price = changes.price.toFixed(2);
      if (changes.currency !== undefined) plan.currency = changes.currency;
      if (changes.transaction_type !== undefined) plan.transactionType = changes.transaction_type;
      if (changes.store_plan !== undefined) plan.storePlan = changes.store_plan;
      if (changes.active !== undefined) plan.active = changes.active;
      plan.updatedAt = now;
      recordPlanChange(em, plan, 'updated', actor, now);
      await em.flush();
      return toPlanView(plan, { operator: true });
    });
  }
}
