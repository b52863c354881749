import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CatalogSearched, PlateLookedUp, PlateLookedUpV2, ProductsSearched, ProductsSearchedV2 } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { RecordSearch } from './record-search.command.js';
import type { SearchEvent } from './searches.rules.js';

export const SEARCHES_GROUP = 'searches';

/**
 * The consumer group `analytics.searches`: every context's search events — the catalogue's (CatalogSearched), the
 * marketplace's (ProductsSearched v2, a moment's searches together, and v1 from older log entries) and garage's plate lookups (PlateLookedUp v2, and v1 from older log entries
 * with the plate dropped). A new group reads the log from its start, so the read model is rebuilt by replay.
 */
@Injectable()
export class SearchEventsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: SEARCHES_GROUP,
      // Writes only its read model through `em`: a busy moment's events share one transaction.
      batchable: true,
      events: [CatalogSearched, ProductsSearched, ProductsSearchedV2, PlateLookedUp, PlateLookedUpV2],
      handle: async (event, em) => {
        await this.commands.execute(new RecordSearch(event as SearchEvent, em));
      },
    });
  }
}
