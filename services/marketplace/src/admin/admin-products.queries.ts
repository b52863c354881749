import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type SqlBool } from 'kysely';
import {
  cleanReference,
  isProductAvailable,
  t,
  type AdminListQuery,
  type AdminProduct,
  type AdminProductFilter,
  type SalesModel,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely, likePattern, listPage, rangeWindow } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cleanSearchText, searchWords, tsQueryText } from '../search/search.rules.js';
import { canManageStore, ownStoreOf, type Manager } from '../stores/store-access.js';
import { uuidIdsOf } from '../stores/store.queries.js';

/** The operator list's sortable fields, each mapped to its column. */
const SORTABLE = {
  id: 'p.id',
  title: 'p.title',
  referencia_1: 'p.referencia_1',
  manufacturer_title: 'p.manufacturer_title',
  inventario: 'p.inventario',
  actualPrice: 'p.actual_price',
  fecha_actualizacion: 'p.fecha_actualizacion',
  state: 'p.state',
  salesModel: 'p.sales_model',
  storeName: 's.name',
  visits: 'p.visits',
};

function adminProducts(db: ContextDatabase) {
  return kysely<MarketplaceDB>(db.em())
    .selectFrom('Product as p')
    .innerJoin('Store as s', 's.id', 'p.store')
    .selectAll('p')
    .select(['s.name as storeName', 's.currency as currency', 's.isVirtual as storeIsVirtual'])
    .where('p.state', '<>', 'deleted');
}

type AdminProductRow = Awaited<ReturnType<ReturnType<typeof adminProducts>['executeTakeFirstOrThrow']>>;

/** A product as the operator console shows it, with its availability now (spec 000 §4). */
export function adminProductOf(r: AdminProductRow, now: Date): AdminProduct {
  return {
    id: r.id,
    storeId: r.store,
    storeName: r.storeName,
    title: r.title,
    manufacturer_title: r.manufacturerTitle,
    descripcion: r.descripcion,
    observaciones: r.observaciones,
    referencia_1: r.referencia1,
    referencia_2: r.referencia2 ?? null,
    referencia_3: r.referencia3 ?? null,
    inventario: r.inventario,
    actualPrice: Number(r.actualPrice),
    currency: r.currency,
    hidePrices: r.hidePrices,
    salesModel: r.salesModel,
    cartTypeBySaleModel: r.cartType,
    quotationMaxQuantity: r.quotationMaxQuantity ?? null,
    remainingTime: r.remainingTime,
    minimum_order_quantity: r.minimumOrderQuantity,
    tiempos_de_entrega: r.tiemposDeEntrega,
    category: r.category ?? null,
    imagesURLs: r.imagesUrls,
    compatibleVehicles: r.compatibleVehicles,
    state: r.state,
    visits: r.visits,
    fecha_actualizacion: new Date(r.fechaActualizacion).toISOString(),
    available: isProductAvailable({ inventario: r.inventario, fecha_actualizacion: r.fechaActualizacion }, r.storeIsVirtual, now),
  };
}

/** /admin-api/products: the sellers' products (published and depleted), their own store's for sellers and store admins. */
export class ListAdminProducts extends Query<{ rows: AdminProduct[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: AdminProductFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminProducts)
export class ListAdminProductsHandler implements IQueryHandler<ListAdminProducts> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, query, filter }: ListAdminProducts) {
    let q = adminProducts(this.db);
    const own = ownStoreOf(by);
    // Another store's rows never show to a seller, whatever the filter says.
    if (own && filter.storeId && filter.storeId !== own) q = q.where((eb) => eb.lit(false));
    if (own || filter.storeId) q = q.where('p.store', '=', (own ?? filter.storeId)!);
    const ids = uuidIdsOf(filter.id);
    if (ids) q = ids.length ? q.where('p.id', 'in', ids) : q.where((eb) => eb.lit(false));
    if (filter.reference) {
      const prefix = likePattern(cleanReference(filter.reference), 'prefix');
      q = q.where((eb) =>
        eb.or([eb('p.cleanReference1', 'like', prefix), eb('p.cleanReference2', 'like', prefix), eb('p.cleanReference3', 'like', prefix)]),
      );
    }
    const words = filter.q ? searchWords(cleanSearchText(filter.q)) : [];
    if (words.length > 0)
      q = q.where(
        sql<SqlBool>`to_tsvector('es_unaccent', p.title || ' ' || p.manufacturer_title || ' ' || p.referencia_1) @@ to_tsquery('es_unaccent', ${tsQueryText(words)})`,
      );
    if (filter.state) q = q.where('p.state', '=', filter.state);
    if (filter.salesModel) q = q.where('p.salesModel', '=', filter.salesModel as SalesModel);
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: SORTABLE, fallback: { field: 'fecha_actualizacion', order: 'DESC' }, idColumn: 'p.id' },
    });
    const now = this.clock.now();
    return { ...page, rows: page.rows.map((r) => adminProductOf(r, now)) };
  }
}

/** One product of the console: advisers read any; sellers and store admins their own store's (another's is 404). */
export class GetAdminProduct extends Query<AdminProduct> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdminProduct)
export class GetAdminProductHandler implements IQueryHandler<GetAdminProduct> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, id }: GetAdminProduct): Promise<AdminProduct> {
    const row = await adminProducts(this.db).where('p.id', '=', id).executeTakeFirst();
    if (!row || !(by.user?.roles.includes('adviser') || canManageStore(by, row.store)))
      throw new NotFoundError(t('availability.productNotAvailable'));
    return adminProductOf(row, this.clock.now());
  }
}
