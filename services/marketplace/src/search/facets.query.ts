import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Facet, FacetValue } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cleanSearchText, searchWords, tsQueryText } from './search.rules.js';

/** Values of one filter answered, the most common first. */
export const MAX_FACET_VALUES = 200;

export interface FacetFilter {
  storeId?: string;
  make?: string;
  search?: string;
}

/** The values of a results filter over visible products (one store's, a make's or a text's), each with its count. */
export class ListFacet extends Query<FacetValue[] | { brands: FacetValue[]; groups: FacetValue[] }> {
  constructor(
    readonly facet: Facet,
    readonly filter: FacetFilter,
  ) {
    super();
  }
}

@QueryHandler(ListFacet)
export class ListFacetHandler implements IQueryHandler<ListFacet> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ facet, filter }: ListFacet) {
    switch (facet) {
      case 'getMakesFilter':
        return this.values('makes', filter);
      case 'getModelsFilter':
        return this.values('models', filter);
      case 'getBrandsFilter':
        return this.values('brand', filter);
      case 'getGroupsFilter':
        return this.values('category', filter);
      case 'getBrandsAndGroupsFilter': {
        const [brands, groups] = await Promise.all([this.values('brand', filter), this.values('category', filter)]);
        return { brands, groups };
      }
    }
  }

  private async values(of: 'makes' | 'models' | 'brand' | 'category', filter: FacetFilter): Promise<FacetValue[]> {
    const db = kysely<MarketplaceDB>(this.db.em());
    // Each value is one row: a product's makes and its compatible models are unnested beside it.
    const value =
      of === 'makes'
        ? sql<string>`make`
        : of === 'models'
          ? sql<string>`model`
          : of === 'brand'
            ? sql<string>`p.manufacturer_title`
            : sql<string>`p.category`;
    // The unnested columns are read through `value` only, so each FROM is typed as the product rows alone.
    const products = db.selectFrom('ProductSearch as p');
    const from: typeof products =
      of === 'makes'
        ? (db.selectFrom(['ProductSearch as p', sql`unnest(p.makes)`.as('make')]) as unknown as typeof products)
        : of === 'models'
          ? (db.selectFrom([
              'ProductSearch as p',
              sql`jsonb_array_elements(p.compatible_vehicles)`.as('v'),
              sql`jsonb_array_elements_text(v -> 'full_models')`.as('model'),
            ]) as unknown as typeof products)
          : products;
    const rows = await from
      .select((eb) => [value.as('value'), eb.fn.countAll<string>().as('count')])
      .where((eb) => {
        const parts: Expression<SqlBool>[] = [];
        if (filter.storeId) parts.push(eb('p.storeId', '=', filter.storeId));
        // Virtual stores' products stay in their stores.
        else parts.push(eb('p.storeIsVirtual', '=', false));
        if (filter.make) parts.push(sql<SqlBool>`p.makes @> array[${filter.make}]::text[]`);
        const words = filter.search ? searchWords(cleanSearchText(filter.search)) : [];
        if (words.length > 0) parts.push(sql<SqlBool>`p.document @@ to_tsquery('es_unaccent', ${tsQueryText(words)})`);
        parts.push(sql<SqlBool>`${value} is not null`);
        return eb.and(parts);
      })
      .groupBy(sql`1`)
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`1`)
      .limit(MAX_FACET_VALUES)
      .execute();
    return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
  }
}
