import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ProductUpdated, productInputSchema, stockAndPriceSchema, type ProductInput, type ProductSnapshot } from '@tuerca/contracts';
import { Clock, ContextDatabase, actorOf, parseInput, recordEvent, type Visitor } from '@tuerca/platform';
import { assertProductAccess } from '../stores/store-access.js';
import { duplicateProduct, findLiveProduct, recordOf, storeListsProduct } from './product-records.js';
import { changesKey, checkProductRules, confirmsStock, inputOf, productFields, snapshotOf, stateForStock } from './product.rules.js';

/**
 * PATCH /catalogo/products/{id} with scenario 'edit' (any form fields; the rest stay) or 'stockAndPrice' (the
 * seller confirms stock, and price: fecha_actualizacion moves to now). Another store's product is 404.
 */
export class UpdateProduct extends Command<ProductSnapshot> {
  constructor(
    readonly by: Visitor,
    readonly id: string,
    readonly scenario: 'edit' | 'stockAndPrice',
    /** The form's fields as sent; checked together with the product they change. */
    readonly change: Record<string, unknown>,
  ) {
    super();
  }
}

@CommandHandler(UpdateProduct)
export class UpdateProductHandler implements ICommandHandler<UpdateProduct> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, id, scenario, change }: UpdateProduct): Promise<ProductSnapshot> {
    let input: ProductInput | undefined;
    try {
      return await this.db.transactional(async (em) => {
        const product = await findLiveProduct(em, id, { lock: true });
        const current = product ? recordOf(product) : null;
        assertProductAccess(by, current);
        input =
          scenario === 'stockAndPrice'
            ? stockAndPriceInput(current, change)
            : parseInput(productInputSchema, { ...inputOf(current), ...withoutScenario(change) });
        checkProductRules(input);
        if (
          changesKey(current, input) &&
          (await storeListsProduct(em, current.storeId, productFields(input).cleanReference1, input.manufacturer_title, id))
        )
          throw duplicateProduct(input.referencia_1, input.manufacturer_title);
        const now = this.clock.now();
        em.assign(product!, {
          ...productFields(input),
          state: stateForStock(input.inventario),
          updatedAt: now,
          ...(confirmsStock(scenario, current, input) ? { fechaActualizacion: now } : {}),
        });
        const snapshot = snapshotOf(recordOf(product!));
        recordEvent(em, ProductUpdated, { product: snapshot }, { aggregateId: id, actor: actorOf(by), occurredAt: now });
        return snapshot;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && input)
        throw duplicateProduct(input.referencia_1, input.manufacturer_title);
      throw error;
    }
  }
}

/** The quick update: the stock (and the price, when given) on top of the product as it is. */
function stockAndPriceInput(current: ReturnType<typeof recordOf>, change: Record<string, unknown>): ProductInput {
  const { inventario, actualPrice } = parseInput(stockAndPriceSchema, change);
  return { ...inputOf(current), inventario, actualPrice: actualPrice ?? Number(current.actualPrice) };
}

function withoutScenario(change: Record<string, unknown>): Record<string, unknown> {
  const { scenario: _scenario, ...fields } = change;
  return fields;
}
