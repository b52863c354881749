import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductDeleted, ProductPublished, ProductUpdated, StoreUpdated, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, withinTransaction } from '@tuerca/platform';
import { refreshStoreInSearch, removeSearchRow, upsertSearchRows } from './search-rows.js';

/** A product or store event applied to the search read model. `tx`: the consumer's transaction. */
export class ProjectProductEvent extends Command<void> {
  constructor(
    readonly event: EventEnvelope,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/** Published and updated products are (re)written, deleted ones removed with a tombstone, a store's changes folded into its rows. */
@CommandHandler(ProjectProductEvent)
export class ProjectProductEventHandler implements ICommandHandler<ProjectProductEvent> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ event, tx }: ProjectProductEvent): Promise<void> {
    return withinTransaction(this.db, tx, async (em) => {
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
    });
  }
}
