import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PurchasePlaced, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { QueueOrderDeliveries } from './queue-order-deliveries.command.js';

/** The consumer group `marketplace.store-api`: purchases of stores with their own order API become deliveries. */
@Injectable()
export class StoreApiConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'store-api',
      events: [PurchasePlaced],
      handle: async (event, em) => {
        await this.commands.execute(new QueueOrderDeliveries(event as EventEnvelope<PayloadOf<typeof PurchasePlaced>>, em));
      },
    });
  }
}
