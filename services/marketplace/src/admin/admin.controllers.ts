import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { adminListQuerySchema, cleanReference, isProductAvailable, type AdminListQuery } from '@tuerca/contracts';
import {
  Access,
  AdminRange,
  Clock,
  ContextDatabase,
  CurrentVisitor,
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  actorOf,
  adminOrderBy,
  adminWindow,
  idsOf,
  parseInput,
  pgTextArray,
  zod,
  type Visitor,
} from '@tuerca/platform';
import { ProductsService, PRODUCT_COLUMNS_P } from '../products/products.service.js';
import type { ProductRecord } from '../products/product.rules.js';
import { QuotationsService } from '../quotations/quotations.service.js';
import { StoresService, storeView } from '../stores/stores.service.js';
import { storeInputSchema } from '../stores/stores.routes.js';
import { actingStoreId, canManageStore } from '../stores/store-access.js';
import { cleanSearchText, searchWords, tsQueryText } from '../search/text-query.js';
import {
  MARKET_READ,
  MARKET_WRITE,
  adminIdParams,
  adminProductFilterSchema,
  adminProductUpdateSchema,
  adminQuotationAnswerSchema,
  adminQuotationFilterSchema,
  adminStoreFilterSchema,
} from './admin.routes.js';

type Id = { id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of a getMany; anything that is not a uuid names nothing (the id columns are uuids). */
function uuidIdsOf(id: string | string[] | undefined): string[] | undefined {
  return idsOf(id)?.filter((v) => UUID.test(v));
}

/** Sellers and store admins see only their store; operators and advisers every store. */
function ownStoreOf(visitor: Visitor): string | null {
  const user = visitor.user!;
  if (user.roles.includes('operator') || user.roles.includes('adviser')) return null;
  if (!user.storeId) throw new ForbiddenError();
  return user.storeId;
}

/** /admin-api/stores: operators create and edit any store; a store admin edits their own; sellers read their own. */
@Controller('admin-api/stores')
@Access(MARKET_READ)
export class AdminStoresController {
  constructor(private readonly stores: StoresService) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminStoreFilterSchema, query.filter);
    const where = ['true'];
    const params: unknown[] = [];
    const own = ownStoreOf(visitor);
    if (own) {
      where.push('id = ?');
      params.push(own);
    }
    const ids = uuidIdsOf(filter.id);
    if (ids) {
      where.push('id = any(?::uuid[])');
      params.push(pgTextArray(ids));
    }
    if (filter.q) {
      where.push(`(name ilike ? or path_prefix ilike ?)`);
      params.push(`%${filter.q}%`, `%${filter.q}%`);
    }
    if (filter.country) {
      where.push('country = ?');
      params.push(filter.country);
    }
    if (filter.isVirtualStore !== undefined) {
      where.push('is_virtual = ?');
      params.push(filter.isVirtualStore);
    }
    const orderBy = adminOrderBy(
      query.sort,
      { id: 'id', name: 'name', country: 'country', isVirtualStore: 'is_virtual', updatedAt: 'updated_at' },
      { field: 'name', order: 'ASC' },
    );
    const window = adminWindow(query, ids);
    const { rows, total } = await this.stores.list(where.join(' and '), params, orderBy, window);
    return new AdminRange('stores', rows.map(storeView), window.offset, total);
  }

  @Get(':id')
  async one(@Param(zod(adminIdParams)) p: Id, @CurrentVisitor() visitor: Visitor) {
    const own = ownStoreOf(visitor);
    const row = await this.stores.find(p.id);
    if (!row || (own && own !== row.id)) throw new NotFoundError();
    return storeView(row);
  }

  @Post()
  @Access(['operator'])
  async create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    return storeView(await this.stores.save(null, parseInput(storeInputSchema, raw ?? {}), actorOf(visitor)));
  }

  @Put(':id')
  @Access(['operator', 'store_admin'])
  async update(@Param(zod(adminIdParams)) p: Id, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const current = await this.stores.find(p.id);
    const isOperator = visitor.user!.roles.includes('operator');
    if (!current || (!isOperator && visitor.user!.storeId !== current.id)) throw new NotFoundError();
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const merged = { ...storeView(current), ...body };
    // A store admin runs their store; whether it is virtual and its address prefix are the operators' call.
    if (!isOperator) Object.assign(merged, { isVirtualStore: current.is_virtual, pathPrefix: current.path_prefix });
    const input = parseInput(storeInputSchema, merged);
    return storeView(await this.stores.save(current.id, input, actorOf(visitor)));
  }

  @Delete(':id')
  @Access(['operator'])
  remove() {
    throw new MethodNotAllowedError();
  }
}

type AdminProductRow = ProductRecord & { store_name: string; currency: 'COP' | 'MXN'; is_virtual: boolean };

/** /admin-api/products: the sellers' products (published and depleted), their own store's for sellers. */
@Controller('admin-api/products')
@Access(MARKET_READ)
export class AdminProductsController {
  constructor(
    private readonly db: ContextDatabase,
    private readonly products: ProductsService,
    private readonly clock: Clock,
  ) {}

  private view(r: AdminProductRow) {
    return {
      id: r.id,
      storeId: r.store_id,
      storeName: r.store_name,
      title: r.title,
      manufacturer_title: r.manufacturer_title,
      descripcion: r.descripcion,
      observaciones: r.observaciones,
      referencia_1: r.referencia_1,
      referencia_2: r.referencia_2,
      referencia_3: r.referencia_3,
      inventario: r.inventario,
      actualPrice: Number(r.actual_price),
      currency: r.currency,
      hidePrices: r.hide_prices,
      salesModel: r.sales_model,
      cartTypeBySaleModel: r.cart_type,
      quotationMaxQuantity: r.quotation_max_quantity,
      remainingTime: r.remaining_time,
      minimum_order_quantity: r.minimum_order_quantity,
      tiempos_de_entrega: r.tiempos_de_entrega,
      category: r.category,
      imagesURLs: r.images_urls,
      compatibleVehicles: r.compatible_vehicles,
      state: r.state,
      visits: r.visits,
      fecha_actualizacion: new Date(r.fecha_actualizacion).toISOString(),
      available: isProductAvailable(r, r.is_virtual, this.clock.now()),
    };
  }

  private async find(id: string, visitor: Visitor): Promise<AdminProductRow> {
    const [row] = await (this.db.em() as EntityManager).execute<AdminProductRow[]>(
      `select ${PRODUCT_COLUMNS_P}, s.name as store_name, s.currency, s.is_virtual
       from products p join stores s on s.id = p.store_id where p.id = ? and p.state <> 'deleted'`,
      [id],
    );
    if (!row || !(visitor.user!.roles.includes('adviser') || canManageStore(visitor, row.store_id))) throw new NotFoundError();
    return row;
  }

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminProductFilterSchema, query.filter);
    const where = [`p.state <> 'deleted'`];
    const params: unknown[] = [];
    const own = ownStoreOf(visitor);
    if (own || filter.storeId) {
      where.push('p.store_id = ?');
      params.push(own ?? filter.storeId);
      if (own && filter.storeId && filter.storeId !== own) where.push('false');
    }
    const ids = uuidIdsOf(filter.id);
    if (ids) {
      where.push('p.id = any(?::uuid[])');
      params.push(pgTextArray(ids));
    }
    if (filter.reference) {
      const ref = cleanReference(filter.reference);
      where.push(`(p.clean_reference_1 like ? or p.clean_reference_2 like ? or p.clean_reference_3 like ?)`);
      params.push(`${ref}%`, `${ref}%`, `${ref}%`);
    }
    if (filter.q) {
      const words = searchWords(cleanSearchText(filter.q));
      if (words.length > 0) {
        where.push(
          `to_tsvector('es_unaccent', p.title || ' ' || p.manufacturer_title || ' ' || p.referencia_1) @@ to_tsquery('es_unaccent', ?)`,
        );
        params.push(tsQueryText(words));
      }
    }
    if (filter.state) {
      where.push('p.state = ?');
      params.push(filter.state);
    }
    if (filter.salesModel) {
      where.push('p.sales_model = ?');
      params.push(filter.salesModel);
    }
    const orderBy = adminOrderBy(
      query.sort,
      {
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
      },
      { field: 'fecha_actualizacion', order: 'DESC' },
      'p.id',
    );
    const window = adminWindow(query, ids);
    const em = this.db.em() as EntityManager;
    const clause = where.join(' and ');
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from products p where ${clause}`, params);
    const rows = await em.execute<AdminProductRow[]>(
      `select ${PRODUCT_COLUMNS_P}, s.name as store_name, s.currency, s.is_virtual
       from products p join stores s on s.id = p.store_id where ${clause} order by ${orderBy} limit ? offset ?`,
      [...params, window.limit, window.offset],
    );
    return new AdminRange(
      'products',
      rows.map((r) => this.view(r)),
      window.offset,
      Number(count?.n ?? 0),
    );
  }

  @Get(':id')
  async one(@Param(zod(adminIdParams)) p: Id, @CurrentVisitor() visitor: Visitor) {
    return this.view(await this.find(p.id, visitor));
  }

  @Post()
  @Access(MARKET_WRITE)
  async create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const storeId = actingStoreId(visitor, typeof body.storeId === 'string' ? body.storeId : undefined);
    const created = await this.products.create(visitor, storeId, body, actorOf(visitor));
    return this.view(await this.find(created.id, visitor));
  }

  /** The record's fields (react-admin sends the whole record), or a state change: depleted / published. */
  @Put(':id')
  @Access(MARKET_WRITE)
  async update(@Param(zod(adminIdParams)) p: Id, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const current = await this.find(p.id, visitor);
    const body = parseInput(adminProductUpdateSchema, raw ?? {});
    const actor = actorOf(visitor);
    if (body.state === 'depleted' && current.state !== 'depleted') await this.products.deplete(visitor, p.id, actor);
    else if (body.state === 'published' && current.state === 'depleted') {
      const stock = typeof body.inventario === 'number' && body.inventario >= 1 ? body.inventario : undefined;
      await this.products.republish(visitor, p.id, stock, actor);
    } else {
      const {
        state: _state,
        id: _id,
        storeId: _s,
        storeName: _n,
        currency: _c,
        available: _a,
        visits: _v,
        fecha_actualizacion: _f,
        ...fields
      } = body as Record<string, unknown>;
      await this.products.update(visitor, p.id, 'edit', fields, actor);
    }
    return this.view(await this.find(p.id, visitor));
  }

  @Delete(':id')
  @Access(MARKET_WRITE)
  async remove(@Param(zod(adminIdParams)) p: Id, @CurrentVisitor() visitor: Visitor) {
    const current = this.view(await this.find(p.id, visitor));
    await this.products.remove(visitor, p.id, actorOf(visitor));
    return current;
  }
}

/** /admin-api/quotations: stock confirmations to answer; a seller's own store's, everyone's for operators and advisers. */
@Controller('admin-api/quotations')
@Access(MARKET_READ)
export class AdminQuotationsController {
  constructor(private readonly quotations: QuotationsService) {}

  private static readonly SORT = {
    id: 'id',
    requestedAt: 'requested_at',
    respondedAt: 'responded_at',
    windowExpiresAt: 'window_expires_at',
    state: 'state',
    quantity: 'quantity',
  } as const;

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminQuotationFilterSchema, query.filter);
    const own = ownStoreOf(visitor);
    if (own && filter.storeId && filter.storeId !== own) return new AdminRange('quotations', [], 0, 0);
    const ids = uuidIdsOf(filter.id);
    const window = adminWindow(query, ids);
    // Validated against the whitelist (400 for another field); the service orders by the column.
    adminOrderBy(query.sort, AdminQuotationsController.SORT, { field: 'requestedAt', order: 'DESC' });
    const sort = query.sort ?? { field: 'requestedAt', order: 'DESC' as const };
    const { rows, total } = await this.quotations.list(
      { storeId: own ?? filter.storeId, ids, productId: filter.productId },
      { state: filter.state },
      window,
      { field: AdminQuotationsController.SORT[sort.field as keyof typeof AdminQuotationsController.SORT], order: sort.order },
    );
    return new AdminRange('quotations', rows, window.offset, total);
  }

  @Get(':id')
  async one(@Param(zod(adminIdParams)) p: Id, @CurrentVisitor() visitor: Visitor) {
    const own = ownStoreOf(visitor);
    const { rows } = await this.quotations.list({ ids: [p.id], storeId: own ?? undefined }, {}, { offset: 0, limit: 1 });
    if (!rows[0]) throw new NotFoundError();
    return rows[0];
  }

  @Post()
  @Access(MARKET_WRITE)
  create() {
    throw new MethodNotAllowedError();
  }

  /** The seller's answer: available with its window in hours (and price), or not available — emits SellerResponded. */
  @Put(':id')
  @Access(MARKET_WRITE)
  async answer(@Param(zod(adminIdParams)) p: Id, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(adminQuotationAnswerSchema, raw ?? {});
    await this.quotations.respond(
      visitor,
      p.id,
      { available: input.state === 'available', remainingTime: input.remainingTime, price: input.price },
      actorOf(visitor),
      { allowReanswer: input.state === 'available' },
    );
    return this.one(p, visitor);
  }

  @Delete(':id')
  @Access(MARKET_WRITE)
  remove() {
    throw new MethodNotAllowedError();
  }
}
