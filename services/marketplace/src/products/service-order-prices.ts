import { Injectable } from '@nestjs/common';
import { savedServiceOrderPrice, type ServiceOrderInput } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError } from '@tuerca/platform';

/**
 * The service-order price a workshop keeps for a product (spec 000 §3, §5): the form's type, the
 * price it saves, and the total when a utility is applied. One per person and product.
 */
@Injectable()
export class ServiceOrderPrices {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async save(userId: string, productId: string, input: ServiceOrderInput) {
    const em = this.db.em();
    const [product] = await em.execute<{ actual_price: string }[]>(`select actual_price from product_search where product_id = ?`, [
      productId,
    ]);
    if (!product) throw new NotFoundError();
    const actualPrice = Number(product.actual_price);
    // spec 000 §5: "Saved price: no_utility gives actualPrice; manual_price gives the entered price; price_with_utility gives total."
    const { price, total } = savedServiceOrderPrice(actualPrice, input);
    await em.execute(
      `insert into service_order_prices (user_id, product_id, type_price, price, utility, total, updated_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id, product_id) do update set type_price = excluded.type_price, price = excluded.price,
         utility = excluded.utility, total = excluded.total, updated_at = excluded.updated_at`,
      [
        userId,
        productId,
        input.type_price,
        price,
        input.type_price === 'price_with_utility' ? input.utility : null,
        total,
        this.clock.now(),
      ],
    );
    return { productId, type_price: input.type_price, actualPrice, price, utility: input.utility ?? null, total };
  }
}
