import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { listQuerySchema, productSearchFilterSchema, serviceOrderSchema, t, type ListQuery } from '@tuerca/contracts';
import { Access, Clock, CurrentVisitor, Page, actorOf, ok, parseInput, zod, type Visitor } from '@tuerca/platform';
import { SearchReader } from '../search/search.reader.js';
import { ownerOf } from '../cart/cart.service.js';
import type { Reader } from '../search/product-view.js';
import { actingStoreId, assertStoreAccess } from '../stores/store-access.js';
import { ServiceOrderPrices } from './service-order-prices.js';
import { ProductsService } from './products.service.js';
import { SellerReader, type Facet } from './seller.reader.js';
import { snapshotOf } from './product.rules.js';
import {
  checkExistQuerySchema,
  createProductBodySchema,
  facetFilterSchema,
  facetQuerySchema,
  marketPricesQuerySchema,
  patchProductBodySchema,
  productIdsBodySchema,
  productListQuerySchema,
  productUrlQuerySchema,
  referenceQuerySchema,
  republishBodySchema,
  sellerListFilterSchema,
  storeScopeQuerySchema,
  uuidParam,
  visitsBodySchema,
} from './products.routes.js';

const SELLERS = ['seller', 'store_admin', 'operator'] as const;

/** The reading person: their quotations and cart shape the results (spec 000 §4 sort order). */
export function readerOf(visitor: Visitor, clock: Clock, country?: 'CO' | 'MX'): Reader {
  return {
    userId: visitor.user?.id ?? null,
    owner: ownerOf(visitor),
    now: clock.now(),
    country: country ?? visitor.user?.country ?? 'CO',
  };
}

/** spec 000 §7 "Products": the results' reads and the sellers' store management, under /api/catalogo/products. */
@Controller('api/catalogo/products')
export class ProductsController {
  constructor(
    private readonly search: SearchReader,
    private readonly products: ProductsService,
    private readonly seller: SellerReader,
    private readonly serviceOrders: ServiceOrderPrices,
    private readonly clock: Clock,
  ) {}

  @Get()
  async list(@Query(zod(productListQuerySchema)) query: ListQuery & { pathPrefix?: string }, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(productSearchFilterSchema, {
      ...query.filter,
      ...(query.pathPrefix ? { pathPrefix: query.pathPrefix } : {}),
    });
    const { rows, total, corrected } = await this.search.search(filter, query, readerOf(visitor, this.clock));
    return new Page(rows, total, query, corrected ? { corrected } : {});
  }

  @Get('searchProductByReference')
  async byReference(
    @Query(zod(referenceQuerySchema)) query: { reference: string; pathPrefix?: string; country?: 'CO' | 'MX' },
    @CurrentVisitor() visitor: Visitor,
  ) {
    const reader = readerOf(visitor, this.clock, query.country);
    const { reference, ...result } = await this.search.byReference(query.reference, reader, {
      pathPrefix: query.pathPrefix ?? null,
      country: reader.country,
    });
    return ok(result, { reference, country: reader.country, found: result.products.length + result.productSubstitutions.length > 0 });
  }

  @Get('getProductDetailByUrl')
  async byUrl(@Query(zod(productUrlQuerySchema)) query: { productUrl: string }, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.search.byUrl(query.productUrl, readerOf(visitor, this.clock)));
  }

  @Get('getMarketPrices')
  async marketPrices(@Query(zod(marketPricesQuerySchema)) query: { reference: string }) {
    return ok(await this.seller.marketPrices(query.reference));
  }

  @Post('updateProductVisits')
  @HttpCode(200)
  async visit(@Body(zod(visitsBodySchema)) body: { productId: string }) {
    return ok(await this.seller.countVisit(body.productId), { message: t('marketplace.visitCounted') });
  }

  @Post('getProducts')
  @HttpCode(200)
  async byIds(@Body(zod(productIdsBodySchema)) body: { ids: string[] }, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.search.byIds(body.ids, readerOf(visitor, this.clock)));
  }

  @Get('getMakesFilter')
  makes(@Query(zod(facetQuerySchema)) query: { filter: Record<string, unknown> }) {
    return this.facet('getMakesFilter', query.filter);
  }

  @Get('getModelsFilter')
  models(@Query(zod(facetQuerySchema)) query: { filter: Record<string, unknown> }) {
    return this.facet('getModelsFilter', query.filter);
  }

  @Get('getBrandsFilter')
  brands(@Query(zod(facetQuerySchema)) query: { filter: Record<string, unknown> }) {
    return this.facet('getBrandsFilter', query.filter);
  }

  @Get('getGroupsFilter')
  groups(@Query(zod(facetQuerySchema)) query: { filter: Record<string, unknown> }) {
    return this.facet('getGroupsFilter', query.filter);
  }

  @Get('getBrandsAndGroupsFilter')
  brandsAndGroups(@Query(zod(facetQuerySchema)) query: { filter: Record<string, unknown> }) {
    return this.facet('getBrandsAndGroupsFilter', query.filter);
  }

  private async facet(name: Facet, raw: Record<string, unknown>) {
    return ok(await this.seller.facet(name, parseInput(facetFilterSchema, raw)));
  }

  // Store management — static paths first, then the :id ones.

  @Get('checkIfTheProductExist')
  @Access(SELLERS)
  async exists(
    @Query(zod(checkExistQuerySchema)) query: { productDetail: { referencia_1: string; manufacturer_title?: string; storeId?: string } },
    @CurrentVisitor() visitor: Visitor,
  ) {
    const storeId = actingStoreId(visitor, query.productDetail.storeId);
    return ok(await this.seller.exists(storeId, query.productDetail.referencia_1, query.productDetail.manufacturer_title));
  }

  @Get('resultProducts')
  @Access(SELLERS)
  async storeProducts(@Query(zod(listQuerySchema)) query: ListQuery, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(sellerListFilterSchema, query.filter);
    const storeId = actingStoreId(visitor, filter.storeId);
    const { rows, total } = await this.seller.storeProducts(storeId, filter, query);
    return new Page(rows.map(snapshotOf), total, query);
  }

  @Get('getAverageQuality')
  @Access(SELLERS)
  async quality(@Query(zod(storeScopeQuerySchema)) query: { storeId?: string }, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.seller.quality(this.scope(visitor, query.storeId)));
  }

  @Get('vehicleCompatibilitiesIndicator')
  @Access(SELLERS)
  async compatibilityIndicator(@Query(zod(storeScopeQuerySchema)) query: { storeId?: string }, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.seller.compatibilityIndicator(this.scope(visitor, query.storeId)));
  }

  @Get('downloadSuggestions')
  @Access(SELLERS)
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="sugerencias-productos.csv"')
  async suggestions(@Query(zod(storeScopeQuerySchema)) query: { storeId?: string }, @CurrentVisitor() visitor: Visitor) {
    return this.seller.suggestionsCsv(this.scope(visitor, query.storeId));
  }

  /** Operators may look across every store; sellers only at their own. */
  private scope(visitor: Visitor, storeId: string | undefined): string | null {
    if (visitor.user?.roles.includes('operator') && !storeId) return null;
    return actingStoreId(visitor, storeId);
  }

  @Post()
  @Access(SELLERS)
  async create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const body = parseInput(createProductBodySchema, raw ?? {});
    const storeId = actingStoreId(visitor, body.storeId);
    const product = await this.products.create(visitor, storeId, raw, actorOf(visitor));
    return ok(snapshotOf(product), { message: t('marketplace.productCreated') });
  }

  @Get(':id')
  async one(@Param('id', zod(uuidParam)) id: string, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.search.byId(id, readerOf(visitor, this.clock)));
  }

  @Get(':id/getCompatibleVehicles')
  async compatible(@Param('id', zod(uuidParam)) id: string) {
    return ok(await this.seller.compatibleVehicles(id));
  }

  @Post(':id/serviceOrderPrice')
  @HttpCode(200)
  @Access('user')
  async serviceOrder(@Param('id', zod(uuidParam)) id: string, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(serviceOrderSchema, raw ?? {});
    return ok(await this.serviceOrders.save(visitor.user!.id, id, input), { message: t('marketplace.serviceOrderSaved') });
  }

  @Patch(':id')
  @Access(SELLERS)
  async update(@Param('id', zod(uuidParam)) id: string, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const { scenario } = parseInput(patchProductBodySchema, raw ?? {});
    const product = await this.products.update(visitor, id, scenario, raw, actorOf(visitor));
    return ok(snapshotOf(product), { message: t('marketplace.productUpdated') });
  }

  @Get(':id/loadProduct')
  @Access(SELLERS)
  async load(@Param('id', zod(uuidParam)) id: string, @CurrentVisitor() visitor: Visitor) {
    return ok(snapshotOf(await this.products.load(visitor, id)));
  }

  @Get(':id/countProductsOfStore')
  @Access(SELLERS)
  async count(@Param('id', zod(uuidParam)) storeId: string, @CurrentVisitor() visitor: Visitor) {
    assertStoreAccess(visitor, storeId);
    return ok(await this.seller.countOfStore(storeId));
  }

  @Patch(':id/depleteProductsInventory')
  @Access(SELLERS)
  async depleteAll(@Param('id', zod(uuidParam)) storeId: string, @CurrentVisitor() visitor: Visitor) {
    const result = await this.products.changeAll(visitor, storeId, 'deplete', actorOf(visitor));
    return ok(result, { message: t('marketplace.productsChanged', { count: result.changed }) });
  }

  @Patch(':id/republishAllProducts')
  @Access(SELLERS)
  async republishAll(@Param('id', zod(uuidParam)) storeId: string, @CurrentVisitor() visitor: Visitor) {
    const result = await this.products.changeAll(visitor, storeId, 'republish', actorOf(visitor));
    return ok(result, { message: t('marketplace.productsChanged', { count: result.changed }) });
  }

  @Patch(':id/republishProduct')
  @Access(SELLERS)
  async republish(@Param('id', zod(uuidParam)) id: string, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const body = parseInput(republishBodySchema, raw ?? {});
    const product = await this.products.republish(visitor, id, body.inventario, actorOf(visitor));
    return ok(snapshotOf(product), { message: t('marketplace.productRepublished') });
  }

  @Patch(':id/depleteProduct')
  @Access(SELLERS)
  async deplete(@Param('id', zod(uuidParam)) id: string, @CurrentVisitor() visitor: Visitor) {
    const product = await this.products.deplete(visitor, id, actorOf(visitor));
    return ok(snapshotOf(product), { message: t('marketplace.productDepleted') });
  }

  @Delete(':id/deleteProduct')
  @Access(SELLERS)
  async remove(@Param('id', zod(uuidParam)) id: string, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.products.remove(visitor, id, actorOf(visitor)), { message: t('marketplace.productDeleted') });
  }

  @Delete(':id/deleteAllProductsOfStore')
  @Access(SELLERS)
  async removeAll(@Param('id', zod(uuidParam)) storeId: string, @CurrentVisitor() visitor: Visitor) {
    const result = await this.products.changeAll(visitor, storeId, 'delete', actorOf(visitor));
    return ok(result, { message: t('marketplace.productsChanged', { count: result.changed }) });
  }
}
