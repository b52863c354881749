import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConsultationRefunded, type RefundRequest, type RefundResult } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely, recordEvent } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { lockMeter } from './meter-snapshot.js';

/** Gives back the charge of a request whose answer then failed (the compensating step of a charge). */
export class RefundConsultation extends Command<RefundResult> {
  constructor(readonly request: RefundRequest) {
    super();
  }
}

/**
 * The rule (billing's README, "Idempotent metering and compensation"): a lookup is charged when its answer
 * is about to be served; when producing the answer then fails (the plate lookup's garage save, say), the
 * caller refunds the same request — the consumption is marked refunded (kept, for the record), the
 * consultation goes back to the balance it came from unless that balance expired meanwhile, the browsing
 * window it opened closes, it leaves its day's count, and ConsultationRefunded takes it off the quota counters. It holds the person's meter
 * row and moves its version, so a charge decided before it reads again: a refund and a retry of the request
 * never cross; refunding twice refunds once; a retry after the refund is charged again (its answer is served
 * then).
 */
@CommandHandler(RefundConsultation)
export class RefundConsultationHandler implements ICommandHandler<RefundConsultation> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ request }: RefundConsultation): Promise<RefundResult> {
    const now = this.clock.now();
    const { who } = request;
    return this.db.transactional(async (em) => {
      const k = kysely<BillingDB>(em);
      await lockMeter(em, who, request.kind);
      const consumption = await k
        .updateTable('Consumption')
        .set({ refundedAt: now })
        .where('ownerKind', '=', who.kind)
        .where('ownerId', '=', who.id)
        .where('requestId', '=', request.requestId)
        .where('kind', '=', request.kind)
        .where('subject', '=', request.subject)
        .where('refundedAt', 'is', null)
        .returning(['id', 'storeId', 'chargedFrom', 'balanceId', 'consumedAt'])
        .executeTakeFirst();
      if (!consumption) return { outcome: 'none' as const };
      // Off the day it was counted on (the 30-day counters read meter_days).
      await k
        .updateTable('MeterDay')
        .set((eb) => ({ consumed: eb('consumed', '-', 1) }))
        .where('ownerKind', '=', who.kind)
        .where('ownerId', '=', who.id)
        .where('kind', '=', request.kind)
        .where('day', '=', consumption.consumedAt.toISOString().slice(0, 10))
        .where('storeKey', '=', consumption.storeId ?? '')
        .where('consumed', '>', 0)
        .execute();
      let restored = false;
      if (consumption.balanceId) {
        const back = await k
          .updateTable('Balance')
          .set((eb) => ({ remaining: eb('remaining', '+', 1) }))
          .where('id', '=', consumption.balanceId)
          .where('expiredAt', 'is', null)
          .where('expiresAt', '>', now)
          .where((eb) => eb('remaining', '<', eb.ref('amount')))
          .returning('id')
          .executeTakeFirst();
        restored = back !== undefined;
      }
      // The browsing window this consultation opened closes with it (a later consultation's window stays).
      await k
        .deleteFrom('BrowsingWindow')
        .where('ownerKind', '=', who.kind)
        .where('ownerId', '=', who.id)
        .where('kind', '=', request.kind)
        .where('subject', '=', request.subject)
        .where('openedAt', '=', consumption.consumedAt)
        .execute();
      recordEvent(
        em,
        ConsultationRefunded,
        {
          consumptionId: consumption.id,
          owner: who,
          kind: request.kind,
          subject: request.subject,
          storeId: consumption.storeId ?? null,
          chargedFrom: consumption.chargedFrom,
          balanceId: consumption.balanceId ?? null,
          restored,
          requestId: request.requestId,
          consumedAt: consumption.consumedAt.toISOString(),
          reason: request.reason,
        },
        { aggregateId: `${who.kind}:${who.id}`, actor: { kind: 'system', id: 'billing' }, occurredAt: now },
      );
      await em.flush();
      return { outcome: 'refunded' as const };
    });
  }
}
