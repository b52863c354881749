import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { ProductDeleted, ProductPublished, ProductUpdated } from '@tuerca/contracts';
import { Clock, ContextDatabase, actorOf, kysely, recordEvent, type Visitor } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { assertStoreAccess } from '../stores/store-access.js';
import { snapshotOf } from './product.rules.js';

/**
 * Store-wide changes: PATCH /{storeId}/depleteProductsInventory (published → depleted, stock zero),
 * PATCH /{storeId}/republishAllProducts (depleted → published, stock at least one, confirmed today),
 * DELETE /{storeId}/deleteAllProductsOfStore. One conditional statement and one event per product changed,
 * in one transaction.
 */
export class ChangeStoreProducts extends Command<{ changed: number }> {
  constructor(
    readonly by: Visitor,
    readonly storeId: string,
    readonly change: 'deplete' | 'republish' | 'delete',
  ) {
    super();
  }
}

@CommandHandler(ChangeStoreProducts)
export class ChangeStoreProductsHandler implements ICommandHandler<ChangeStoreProducts> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, storeId, change }: ChangeStoreProducts): Promise<{ changed: number }> {
    assertStoreAccess(by, storeId);
    return this.db.transactional(async (em) => {
      const now = this.clock.now();
      const actor = actorOf(by);
      const update = kysely<MarketplaceDB>(em).updateTable('Product').where('store', '=', storeId);
      const rows =
        change === 'deplete'
          ? await update
              .set({ inventario: 0, state: 'depleted', fechaActualizacion: now, updatedAt: now })
              .where('state', '=', 'published')
              .returningAll()
              .execute()
          : change === 'republish'
            ? await update
                .set({ inventario: sql<number>`greatest(inventario, 1)`, state: 'published', fechaActualizacion: now, updatedAt: now })
                .where('state', '=', 'depleted')
                .returningAll()
                .execute()
            : await update.set({ state: 'deleted', updatedAt: now }).where('state', '<>', 'deleted').returningAll().execute();
      for (const row of rows) {
        const options = { aggregateId: row.id, actor, occurredAt: now };
        if (change === 'delete') recordEvent(em, ProductDeleted, { productId: row.id, storeId }, options);
        else
          recordEvent(
            em,
            change === 'republish' ? ProductPublished : ProductUpdated,
            { product: snapshotOf({ ...row, storeId }) },
            options,
          );
      }
      return { changed: rows.length };
    });
  }
}
