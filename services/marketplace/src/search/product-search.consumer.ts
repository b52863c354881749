import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CrossReferencesPublished,
  ProductDeleted,
  ProductPublished,
  ProductUpdated,
  StoreUpdated,
  type EventEnvelope,
  type PayloadOf,
} from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { ProjectProductEvent } from './project-product-event.command.js';
import { ReplaceCrossReferences } from './replace-cross-references.command.js';

/**
 * The search read model (product_search, product_refs, search_words) kept from the marketplace's own product
 * and store events (group `marketplace.product-search`), and the catalogue's cross-references kept from
 * CrossReferencesPublished (group `marketplace.cross-references`) — the marketplace never reads the
 * catalogue's tables. Each event runs a command in the consumer's transaction; replaying the log rebuilds both.
 */
@Injectable()
export class ProductSearchConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'product-search',
      events: [ProductPublished, ProductUpdated, ProductDeleted, StoreUpdated],
      handle: async (event, em) => {
        await this.commands.execute(new ProjectProductEvent(event, em));
      },
    });
    this.registry.addSubscription({
      db: this.db,
      group: 'cross-references',
      events: [CrossReferencesPublished],
      handle: async (event, em) => {
        const { payload } = event as EventEnvelope<PayloadOf<typeof CrossReferencesPublished>>;
        await this.commands.execute(new ReplaceCrossReferences(payload, em));
      },
    });
  }
}
