import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/** countItemsInShoppingCart: the header's 'Carrito' count (and favourites). */
export class CountCart extends Query<{ cart: number; favorites: number }> {
  constructor(readonly owner: string) {
    super();
  }
}

@QueryHandler(CountCart)
export class CountCartHandler implements IQueryHandler<CountCart> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ owner }: CountCart) {
    const row = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('CartItem as c')
      .innerJoin('Product as p', 'p.id', 'c.product')
      .select([
        sql<string>`count(*) filter (where ${sql.ref('c.section')} = 'cart')`.as('cart'),
        sql<string>`count(*) filter (where ${sql.ref('c.section')} = 'favorites')`.as('favorites'),
      ])
      .where('c.owner', '=', owner)
      .where('p.state', '<>', 'deleted')
      .executeTakeFirst();
    return { cart: Number(row?.cart ?? 0), favorites: Number(row?.favorites ?? 0) };
  }
}
