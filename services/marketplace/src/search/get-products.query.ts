import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type RawBuilder } from 'kysely';
import { t, type ProductView } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { withStoreRatings } from '../ratings/ratings.queries.js';
import { PRODUCT_SELECT, personJoins, toProductView, type ProductViewRow, type Viewer } from './product-view.js';

/** Which products: by ids (in the order asked), or the one at a product page's address. */
export type ProductKey = { ids: readonly string[] } | { productUrl: string };

/** Products as the results show them to this person (GET /catalogo/products/{id}, getProductDetailByUrl, POST getProducts). */
export class GetProducts extends Query<ProductView[]> {
  constructor(
    readonly key: ProductKey,
    readonly viewer: Viewer,
  ) {
    super();
  }
}

/** One product as the results show it; deleted or unknown: 404 'El producto seleccionado no está disponible'. */
export class GetProduct extends Query<ProductView> {
  constructor(
    readonly key: { id: string } | { productUrl: string },
    readonly viewer: Viewer,
  ) {
    super();
  }
}

@QueryHandler(GetProducts)
export class GetProductsHandler implements IQueryHandler<GetProducts> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ key, viewer }: GetProducts): Promise<ProductView[]> {
    if ('ids' in key && key.ids.length === 0) return [];
    const now = this.clock.now();
    const where: RawBuilder<unknown> =
      'ids' in key ? sql`p.product_id = any(${[...key.ids]}::uuid[])` : sql`p.product_url = ${key.productUrl}`;
    // hot path: the same per-person read as the lookup and the text search (PRODUCT_SELECT over the hash-joined
    // quotations and cart lines, measured there: load-tests/reports/marketplace-lookup.md), so a product reads
    // the same wherever it is shown.
    const { rows } = await sql<ProductViewRow>`
      select ${PRODUCT_SELECT} from product_search p ${personJoins(viewer, now)} where ${where}`.execute(
      kysely<MarketplaceDB>(this.db.em()),
    );
    const views = await withStoreRatings(
      this.db.em(),
      rows.map((r) => toProductView(r, now)),
    );
    if (!('ids' in key)) return views;
    const byId = new Map(views.map((v) => [v.id, v]));
    return key.ids.flatMap((id) => byId.get(id) ?? []);
  }
}

@QueryHandler(GetProduct)
export class GetProductHandler implements IQueryHandler<GetProduct> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ key, viewer }: GetProduct): Promise<ProductView> {
    const [found] = await this.queries.execute(new GetProducts('id' in key ? { ids: [key.id] } : key, viewer));
    if (!found) throw new NotFoundError(t('availability.productNotAvailable'));
    return found;
  }
}
