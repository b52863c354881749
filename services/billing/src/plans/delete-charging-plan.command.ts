import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { ChargingPlan } from './charging-plan.entity.js';
import { toPlanView, type ChargingPlanView } from './charging-plan.rules.js';
import { planNotFound, recordPlanChange } from './plan-events.js';

export class DeleteChargingPlan extends Command<ChargingPlanView> {
  constructor(
    readonly id: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** Soft delete: payments keep naming the plan, so its row stays (inactive, with deleted_at) for their history. */
@CommandHandler(DeleteChargingPlan)
export class DeleteChargingPlanHandler implements ICommandHandler<DeleteChargingPlan> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ id, actor }: DeleteChargingPlan): Promise<ChargingPlanView> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const plan = await em.findOne(ChargingPlan, { id, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!plan) throw planNotFound();
      plan.deletedAt = now;
      plan.active = false;
      plan.updatedAt = now;
      recordPlanChange(em, plan, 'deleted', actor, now);
      await em.flush();
      return toPlanView(plan, { operator: true });
    });
  }
}
