import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductDeleted, ProductPublished, ProductUpdated, type ProductSnapshot } from '@tuerca/contracts';
import { Clock, ContextDatabase, actorOf, recordEvent, type Visitor } from '@tuerca/platform';
import { assertProductAccess } from '../stores/store-access.js';
import { findLiveProduct, recordOf } from './product-records.js';
import { snapshotOf, stateForStock } from './product.rules.js';

/**
 * One product's state, by its seller: PATCH /{id}/depleteProduct (stock to zero, shown as unavailable),
 * PATCH /{id}/republishProduct (published again with the stock given, or its last stock and at least one,
 * confirmed today), DELETE /{id}/deleteProduct. Another store's product is 404.
 */
export class ChangeProduct extends Command<ProductSnapshot> {
  constructor(
    readonly by: Visitor,
    readonly id: string,
    readonly change: { to: 'depleted' } | { to: 'published'; inventario?: number } | { to: 'deleted' },
  ) {
    super();
  }
}

@CommandHandler(ChangeProduct)
export class ChangeProductHandler implements ICommandHandler<ChangeProduct> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  execute({ by, id, change }: ChangeProduct): Promise<ProductSnapshot> {
    return this.db.transactional(async (em) => {
      const product = await findLiveProduct(em, id, { lock: true });
      const current = product ? recordOf(product) : null;
      assertProductAccess(by, current);
      const now = this.clock.now();
      const actor = actorOf(by);
      if (change.to === 'deleted') {
        em.assign(product!, { state: 'deleted', updatedAt: now });
        recordEvent(em, ProductDeleted, { productId: id, storeId: current.storeId }, { aggregateId: id, actor, occurredAt: now });
        return snapshotOf(recordOf(product!));
      }
      const stock = change.to === 'depleted' ? 0 : (change.inventario ?? Math.max(1, current.inventario));
      em.assign(product!, { inventario: stock, state: stateForStock(stock), fechaActualizacion: now, updatedAt: now });
      const snapshot = snapshotOf(recordOf(product!));
      recordEvent(
        em,
        change.to === 'published' ? ProductPublished : ProductUpdated,
        { product: snapshot },
        {
          aggregateId: id,
          actor,
          occurredAt: now,
        },
      );
      return snapshot;
    });
  }
}
