import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, PayloadOf, PurchasePlaced } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely, withinTransaction } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { goesToStoreApi } from './store-api.rules.js';
import { queueDeliveries, StoreApiDeliveries } from './store-api-deliveries.js';

/**
 * PurchasePlaced → one `order.placed` delivery per active API client of the store, when one of the purchase's
 * products carries confirmProductInAPI (spec 000 §3) and the order's sync was not removed. Runs in the
 * consumer's transaction, so the deliveries commit with its processed-event row: a redelivered event finds them
 * written (and the unique index would refuse a second one anyway). Answers how many deliveries it wrote.
 */
export class QueueOrderDeliveries extends Command<number> {
  constructor(
    readonly event: EventEnvelope<PayloadOf<typeof PurchasePlaced>>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(QueueOrderDeliveries)
export class QueueOrderDeliveriesHandler implements ICommandHandler<QueueOrderDeliveries> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly deliveries: StoreApiDeliveries,
  ) {}

  async execute({ event, tx }: QueueOrderDeliveries): Promise<number> {
    const p = event.payload;
    const duties = await withinTransaction(this.db, tx, async (em) => {
      const k = kysely<MarketplaceDB>(em);
      const flags = await k
        .selectFrom('Product')
        .select(['confirmProductInApi'])
        .where(
          'id',
          'in',
          p.lines.map((l) => l.productId),
        )
        .execute();
      if (!goesToStoreApi(flags.map((f) => f.confirmProductInApi))) return [];
      const removed = await k
        .selectFrom('StoreOrder')
        .select(['transaction'])
        .where('transaction', '=', p.transactionId)
        .where('apiSyncRemovedAt', 'is not', null)
        .executeTakeFirst();
      if (removed) return [];
      return queueDeliveries(em, p.transactionId, 'order.placed', this.clock.now());
    });
    // Armed before the consumer's commit: a run that cannot see its row yet is retried by BullMQ, and the sweep
    // re-arms anything left.
    await this.deliveries.arm(duties);
    return duties.length;
  }
}
