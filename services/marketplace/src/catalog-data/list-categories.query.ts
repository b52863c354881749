import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { categoryViewSchema } from '@tuerca/contracts';
import { ContextDatabase, kysely, likePattern, type Window } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

type CategoryView = z.infer<typeof categoryViewSchema>;

/** The categories of the marketplace's products (spec 000 §7: GET /store/productsCategoryGroup with filter name), biggest first. */
export class ListCategories extends Query<CategoryView[]> {
  constructor(
    /** Part of the category's name, accents and case aside. */
    readonly name: string | undefined,
    readonly window: Window,
  ) {
    super();
  }
}

@QueryHandler(ListCategories)
export class ListCategoriesHandler implements IQueryHandler<ListCategories> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ name, window }: ListCategories): Promise<CategoryView[]> {
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('ProductSearch')
      .select((eb) => [eb.ref('category').$notNull().as('name'), eb.fn.countAll<string>().as('products')])
      .where('category', 'is not', null)
      // Virtual stores' products live in their stores, not in the marketplace's categories.
      .where('storeIsVirtual', '=', false);
    if (name) q = q.where(sql`public.unaccent(lower(category))`, 'like', sql<string>`public.unaccent(lower(${likePattern(name)}))`);
    const rows = await q
      .groupBy('category')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('category')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map((r) => ({ name: r.name, products: Number(r.products) }));
  }
}
