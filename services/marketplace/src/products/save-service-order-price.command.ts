import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { savedServiceOrderPrice, type ServiceOrderInput, type serviceOrderPriceSchema } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

type ServiceOrderPriceView = z.infer<typeof serviceOrderPriceSchema>;

/** POST /catalogo/products/{id}/serviceOrderPrice: the workshop's price for a service order, one per person and product. */
export class SaveServiceOrderPrice extends Command<ServiceOrderPriceView> {
  constructor(
    readonly userId: string,
    readonly productId: string,
    readonly input: ServiceOrderInput,
  ) {
    super();
  }
}

@CommandHandler(SaveServiceOrderPrice)
export class SaveServiceOrderPriceHandler implements ICommandHandler<SaveServiceOrderPrice> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, productId, input }: SaveServiceOrderPrice): Promise<ServiceOrderPriceView> {
    const db = kysely<MarketplaceDB>(this.db.em());
    // The price the person sees in the results (a product they can no longer see has no service-order price).
    const product = await db.selectFrom('ProductSearch').select('actualPrice').where('productId', '=', productId).executeTakeFirst();
    if (!product) throw new NotFoundError();
    const actualPrice = Number(product.actualPrice);
    // spec 000 §5: "Saved price: no_utility gives actualPrice; manual_price gives the entered price; price_with_utility gives total."
    const { price, total } = savedServiceOrderPrice(actualPrice, input);
    const utility = input.type_price === 'price_with_utility' ? (input.utility ?? null) : null;
    const row = { userId, product: productId, typePrice: input.type_price, price, utility, total, updatedAt: this.clock.now() };
    await db
      .insertInto('ServiceOrderPrice')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['userId', 'product']).doUpdateSet({ typePrice: row.typePrice, price, utility, total, updatedAt: row.updatedAt }),
      )
      .execute();
    return { productId, type_price: input.type_price, actualPrice, price, utility: input.utility ?? null, total };
  }
}
