import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AppParameterChanged,
  ConsultationsCredited,
  ProductDeleted,
  ProductPublished,
  ProductUpdated,
  StoreUpdated,
  UserUpdated,
} from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { ApplyMarketplaceEvent } from './apply-marketplace-event.command.js';

/**
 * The consumer group `integrations.mirror`: the marketplace's products and stores, billing's parameters and
 * marketplace-integration plans, identity's store membership.
 */
@Injectable()
export class MarketplaceEventsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'mirror',
      events: [ProductPublished, ProductUpdated, ProductDeleted, StoreUpdated, AppParameterChanged, ConsultationsCredited, UserUpdated],
      handle: async (event, em) => {
        await this.commands.execute(new ApplyMarketplaceEvent(event, em));
      },
    });
  }
}
