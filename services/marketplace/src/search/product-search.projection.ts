import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
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
import { refreshStoreInSearch, removeSearchRow, upsertSearchRows } from './search-rows.js';
import { replaceCrossReferences } from './cross-references.js';

/**
 * The search read model (product_search, product_refs, search_words) kept from the marketplace's own
 * product and store events, and the catalogue's cross-references kept from CrossReferencesPublished —
 * the marketplace never reads the catalogue's tables. Replaying the log rebuilds both.
 */
@Injectable()
export class ProductSearchProjection implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'product-search',
      events: [ProductPublished, ProductUpdated, ProductDeleted, StoreUpdated],
      handle: (event, em) => this.apply(event, em as EntityManager),
    });
    this.registry.addSubscription({
      db: this.db,
      group: 'cross-references',
      events: [CrossReferencesPublished],
      handle: (event, em) =>
        replaceCrossReferences(em as EntityManager, (event as EventEnvelope<PayloadOf<typeof CrossReferencesPublished>>).payload),
    });
  }

  async apply(event: EventEnvelope<unknown>, em: EntityManager): Promise<void> {
    switch (event.type) {
      case ProductPublished.name:
      case ProductUpdated.name: {
        const { product } = event.payload as PayloadOf<typeof ProductPublished>;
        await upsertSearchRows(em, [{ ...product, eventAt: event.occurredAt }]);
        return;
      }
      case ProductDeleted.name: {
        const { productId } = event.payload as PayloadOf<typeof ProductDeleted>;
        await removeSearchRow(em, productId, event.occurredAt);
        return;
      }
      case StoreUpdated.name:
        await refreshStoreInSearch(em, (event.payload as PayloadOf<typeof StoreUpdated>).store.id);
        return;
    }
  }
}
