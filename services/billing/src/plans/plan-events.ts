import type { EntityManager } from '@mikro-orm/postgresql';
import { ChargingPlanChanged, t, type Actor } from '@tuerca/contracts';
import { NotFoundError, recordEvent } from '@tuerca/platform';
import type { ChargingPlanRow } from './charging-plan.rules.js';

export function planNotFound(): NotFoundError {
  return new NotFoundError(t('plans.planNotFound'));
}

/** ChargingPlanChanged, recorded with the change. */
export function recordPlanChange(
  em: EntityManager,
  plan: ChargingPlanRow,
  change: 'created' | 'updated' | 'deleted',
  actor: Actor,
  at: Date,
) {
  recordEvent(
    em,
    ChargingPlanChanged,
    { planId: plan.id, change, active: plan.active, type: plan.transactionType },
    { aggregateId: plan.id, actor, occurredAt: at },
  );
}
