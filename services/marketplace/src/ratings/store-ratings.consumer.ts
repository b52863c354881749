import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { StoreRated, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { ApplyStoreRating } from './ratings.commands.js';

/** The consumer group `marketplace.store-ratings`: StoreRated into the search read model's store summaries. */
@Injectable()
export class StoreRatingsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'store-ratings',
      events: [StoreRated],
      handle: async (event, em) => {
        await this.commands.execute(new ApplyStoreRating(event as EventEnvelope<PayloadOf<typeof StoreRated>>, em));
      },
    });
  }
}
