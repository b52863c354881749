import type { EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConsultationConsumed, type ConsultationRefunded, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, kysely, withinTransaction } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { bogotaDay } from './counters.rules.js';

type Counted = EventEnvelope<PayloadOf<typeof ConsultationConsumed>> | EventEnvelope<PayloadOf<typeof ConsultationRefunded>>;

/**
 * Adds a consumed consultation to the quota-counter read model, or takes a refunded one off the day it
 * was consumed (in the consumer's transaction).
 */
export class CountConsultation extends Command<void> {
  constructor(
    readonly event: Counted,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(CountConsultation)
export class CountConsultationHandler implements ICommandHandler<CountConsultation> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ event, tx }: CountConsultation): Promise<void> {
    const p = event.payload;
    if (event.type !== ConsultationConsumed.name) {
      // ConsultationConsumed and ConsultationRefunded travel on two topics, so a refund may arrive before the
      // consumption it gives back: the two apply as +1 and −1 on the consumption's day in either order.
      const refunded = event.payload as PayloadOf<typeof ConsultationRefunded>;
      await withinTransaction(this.db, tx, (em) =>
        kysely<BillingDB>(em)
          .insertInto('QuotaCounter')
          .values({
            ownerKind: refunded.owner.kind,
            ownerId: refunded.owner.id,
            kind: refunded.kind,
            storeId: refunded.storeId ?? '',
            day: bogotaDay(new Date(refunded.consumedAt)),
            count: -1,
          })
          .onConflict((oc) =>
            oc
              .columns(['ownerKind', 'ownerId', 'kind', 'storeId', 'day'])
              .doUpdateSet((eb) => ({ count: eb('QuotaCounter.count', '-', 1) })),
          )
          .execute(),
      );
      return;
    }
    await withinTransaction(this.db, tx, (em) =>
      kysely<BillingDB>(em)
        .insertInto('QuotaCounter')
        .values({
          ownerKind: p.owner.kind,
          ownerId: p.owner.id,
          kind: p.kind,
          storeId: p.storeId ?? '',
          day: bogotaDay(new Date(event.occurredAt)),
          count: 1,
        })
        .onConflict((oc) =>
          oc.columns(['ownerKind', 'ownerId', 'kind', 'storeId', 'day']).doUpdateSet((eb) => ({ count: eb('QuotaCounter.count', '+', 1) })),
        )
        .execute(),
    );
  }
}
