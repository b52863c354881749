import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PurchaseDelivered } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { RequestStoreRating } from './ratings.commands.js';

/** The consumer group `marketplace.rating-requests`: a delivered purchase asks its buyer to rate the store. */
@Injectable()
export class RatingRequestsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'rating-requests',
      events: [PurchaseDelivered],
      handle: async (event, em) => {
        await this.commands.execute(new RequestStoreRating(event.payload.transactionId, em));
      },
    });
  }
}
