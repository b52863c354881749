import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ProductPublished, type ProductInput, type ProductSnapshot } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, actorOf, recordEvent, type Visitor } from '@tuerca/platform';
import { Store } from '../stores/store.entity.js';
import { actingStoreId } from '../stores/store-access.js';
import { Product } from './product.entity.js';
import { duplicateProduct, recordOf, storeListsProduct } from './product-records.js';
import { checkProductRules, productFields, productUrlFor, snapshotOf, stateForStock, storeHidesReferences } from './product.rules.js';

/** POST /catalogo/products/ with scenario 'create': a seller publishes in their store, an operator in the store named. */
export class CreateProduct extends Command<ProductSnapshot> {
  constructor(
    readonly by: Visitor,
    readonly storeId: string | undefined,
    readonly input: ProductInput,
  ) {
    super();
  }
}

@CommandHandler(CreateProduct)
export class CreateProductHandler implements ICommandHandler<CreateProduct> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, storeId: requested, input }: CreateProduct): Promise<ProductSnapshot> {
    const storeId = actingStoreId(by, requested);
    checkProductRules(input);
    const fields = productFields(input);
    try {
      return await this.db.transactional(async (em) => {
        const store = await em.findOne(Store, { id: storeId });
        if (!store) throw new NotFoundError();
        if (await storeListsProduct(em, storeId, fields.cleanReference1, input.manufacturer_title))
          throw duplicateProduct(input.referencia_1, input.manufacturer_title);
        const id = randomUUID();
        const now = this.clock.now();
        const product = em.create(Product, {
          ...fields,
          id,
          store,
          productUrl: productUrlFor(input, id, { hideReference: storeHidesReferences(store) }),
          fechaActualizacion: now,
          state: stateForStock(input.inventario),
          visits: 0,
          createdAt: now,
          updatedAt: now,
        });
        const snapshot = snapshotOf(recordOf(product));
        recordEvent(em, ProductPublished, { product: snapshot }, { aggregateId: id, actor: actorOf(by), occurredAt: now });
        return snapshot;
      });
    } catch (error) {
      // Two publications of one part number at once: the unique index keeps one, the other is a duplicate.
      if (error instanceof UniqueConstraintViolationException) throw duplicateProduct(input.referencia_1, input.manufacturer_title);
      throw error;
    }
  }
}
