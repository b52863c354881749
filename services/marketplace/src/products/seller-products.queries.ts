import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import {
  cleanReference,
  type compatibilityIndicatorSchema,
  type ProductQuality,
  type ProductSnapshot,
  type storeProductCountSchema,
} from '@tuerca/contracts';
import { ContextDatabase, kysely, likePattern, listPage, type Window } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cleanSearchText, searchWords, tsQueryText } from '../search/search.rules.js';
import { actingStoreId, assertProductAccess, assertStoreAccess, storeScopeOf, type Manager } from '../stores/store-access.js';
import { findLiveProduct, recordOf, storeListsProduct } from './product-records.js';
import { QUALITY_DESCRIPTION_MIN, qualityOf, snapshotOf } from './product.rules.js';

/** GET /{id}/loadProduct: the product as its seller edits it; another store's product is 404. */
export class LoadProduct extends Query<ProductSnapshot> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(LoadProduct)
export class LoadProductHandler implements IQueryHandler<LoadProduct> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, id }: LoadProduct): Promise<ProductSnapshot> {
    const product = await findLiveProduct(this.db.em(), id);
    const record = product ? recordOf(product) : null;
    assertProductAccess(by, record);
    return snapshotOf(record);
  }
}

/** GET /{storeId}/countProductsOfStore: the store's products by state. */
export class CountStoreProducts extends Query<z.infer<typeof storeProductCountSchema>> {
  constructor(
    readonly by: Manager,
    readonly storeId: string,
  ) {
    super();
  }
}

@QueryHandler(CountStoreProducts)
export class CountStoreProductsHandler implements IQueryHandler<CountStoreProducts> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, storeId }: CountStoreProducts) {
    assertStoreAccess(by, storeId);
    const row = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Product')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('state', '=', 'published').as('published'),
        eb.fn.countAll<string>().filterWhere('state', '=', 'depleted').as('depleted'),
      ])
      .where('store', '=', storeId)
      .where('state', '<>', 'deleted')
      .executeTakeFirst();
    const published = Number(row?.published ?? 0);
    const depleted = Number(row?.depleted ?? 0);
    return { total: published + depleted, published, depleted };
  }
}

export interface StoreProductsFilter {
  search?: string;
  state?: 'published' | 'depleted';
  reference?: string;
}

/** GET resultProducts: the store's products for its sellers (published and depleted), the latest changed first. */
export class ListStoreProducts extends Query<{ rows: ProductSnapshot[]; total: number }> {
  constructor(
    readonly by: Manager,
    /** A seller's own store when absent; operators name one. */
    readonly storeId: string | undefined,
    readonly filter: StoreProductsFilter,
    readonly window: Window,
  ) {
    super();
  }
}

@QueryHandler(ListStoreProducts)
export class ListStoreProductsHandler implements IQueryHandler<ListStoreProducts> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, storeId: requested, filter, window }: ListStoreProducts) {
    const storeId = actingStoreId(by, requested);
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Product')
      .selectAll()
      .where('store', '=', storeId)
      .where('state', '<>', 'deleted');
    if (filter.state) q = q.where('state', '=', filter.state);
    if (filter.reference) {
      const prefix = likePattern(cleanReference(filter.reference), 'prefix');
      q = q.where((eb) =>
        eb.or([eb('cleanReference1', 'like', prefix), eb('cleanReference2', 'like', prefix), eb('cleanReference3', 'like', prefix)]),
      );
    }
    const words = filter.search ? searchWords(cleanSearchText(filter.search)) : [];
    if (words.length > 0)
      q = q.where(
        sql<SqlBool>`to_tsvector('es_unaccent', title || ' ' || manufacturer_title || ' ' || referencia_1) @@ to_tsquery('es_unaccent', ${tsQueryText(words)})`,
      );
    const page = await listPage(q, window, {
      sort: undefined,
      spec: { sortable: { updatedAt: 'updated_at' }, fallback: { field: 'updatedAt', order: 'DESC' } },
    });
    return { rows: page.rows.map((row) => snapshotOf({ ...row, storeId: row.store })), total: page.total };
  }
}

/** GET checkIfTheProductExist: the store's product with this part number (and brand, when given). */
export class ProductExists extends Query<{ exists: boolean; productId: string | null }> {
  constructor(
    readonly by: Manager,
    readonly storeId: string | undefined,
    readonly reference: string,
    readonly brand: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(ProductExists)
export class ProductExistsHandler implements IQueryHandler<ProductExists> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, storeId, reference, brand }: ProductExists) {
    const productId = await storeListsProduct(this.db.em(), actingStoreId(by, storeId), cleanReference(reference), brand);
    return { exists: productId !== null, productId };
  }
}

/** GET getAverageQuality: how complete one store's (or, for operators, every store's) product information is. */
export class GetProductQuality extends Query<ProductQuality> {
  constructor(
    readonly by: Manager,
    /** Operators may leave it out for every store; sellers get their own. */
    readonly storeId: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetProductQuality)
export class GetProductQualityHandler implements IQueryHandler<GetProductQuality> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, storeId: requested }: GetProductQuality): Promise<ProductQuality> {
    const storeId = storeScopeOf(by, requested);
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Product')
      .select((eb) => {
        const count = (where: Expression<SqlBool>) => eb.fn.countAll<string>().filterWhere(where);
        return [
          eb.fn.countAll<string>().as('products'),
          count(sql<SqlBool>`jsonb_array_length(images_urls) > 0`).as('withImages'),
          count(sql<SqlBool>`char_length(descripcion) >= ${QUALITY_DESCRIPTION_MIN}`).as('withDescription'),
          count(sql<SqlBool>`jsonb_array_length(compatible_vehicles) > 0`).as('withCompatibility'),
          count(eb('category', 'is not', null)).as('withCategory'),
          count(eb('tiemposDeEntrega', '<>', '')).as('withDeliveryTime'),
        ];
      })
      .where('state', '<>', 'deleted');
    if (storeId) q = q.where('store', '=', storeId);
    const row = await q.executeTakeFirst();
    return qualityOf({
      products: Number(row?.products ?? 0),
      withImages: Number(row?.withImages ?? 0),
      withDescription: Number(row?.withDescription ?? 0),
      withCompatibility: Number(row?.withCompatibility ?? 0),
      withCategory: Number(row?.withCategory ?? 0),
      withDeliveryTime: Number(row?.withDeliveryTime ?? 0),
    });
  }
}

/** GET vehicleCompatibilitiesIndicator: how many of the products carry compatible vehicles. */
export class GetCompatibilityIndicator extends Query<z.infer<typeof compatibilityIndicatorSchema>> {
  constructor(
    readonly by: Manager,
    readonly storeId: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetCompatibilityIndicator)
export class GetCompatibilityIndicatorHandler implements IQueryHandler<GetCompatibilityIndicator> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ by, storeId }: GetCompatibilityIndicator) {
    const q = await this.queries.execute(new GetProductQuality(by, storeId));
    return {
      total: q.products,
      withCompatibility: q.withCompatibility,
      percentage: q.products === 0 ? 0 : Math.round((q.withCompatibility / q.products) * 100),
    };
  }
}
