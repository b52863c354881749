import { Controller, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { productsRoutes as routes, sellerListFilterSchema, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, Page, ok, pageWindow, parseInput, type Visitor } from '@tuerca/platform';
import { ChangeProduct } from './change-product.command.js';
import { ChangeStoreProducts } from './change-store-products.command.js';
import { CountProductVisit } from './count-product-visit.command.js';
import { CreateProduct } from './create-product.command.js';
import { GetProductSuggestions } from './product-suggestions.query.js';
import { SaveServiceOrderPrice } from './save-service-order-price.command.js';
import {
  CountStoreProducts,
  GetCompatibilityIndicator,
  GetProductQuality,
  ListStoreProducts,
  LoadProduct,
  ProductExists,
} from './seller-products.queries.js';
import { UpdateProduct } from './update-product.command.js';

/** spec 000 §7 "Products": the sellers' store management under /api/catalogo/products, service-order prices and visits. */
@Controller()
export class ProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.visit)
  async visit(@Input() { body }: RouteInput<typeof routes.visit>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new CountProductVisit(body.productId, visitor)), { message: t('marketplace.visitCounted') });
  }

  @Bind(routes.serviceOrderPrice)
  async serviceOrderPrice(@Input() { params, body }: RouteInput<typeof routes.serviceOrderPrice>, @CurrentVisitor() visitor: Visitor) {
    const saved = await this.commands.execute(new SaveServiceOrderPrice(visitor.user!.id, params.id, body));
    return ok(saved, { message: t('marketplace.serviceOrderSaved') });
  }

  @Bind(routes.exists)
  async exists(@Input() { query }: RouteInput<typeof routes.exists>, @CurrentVisitor() visitor: Visitor) {
    const { referencia_1, manufacturer_title, storeId } = query.productDetail;
    return ok(await this.queries.execute(new ProductExists(visitor, storeId, referencia_1, manufacturer_title)));
  }

  @Bind(routes.storeProducts)
  async storeProducts(@Input() { query }: RouteInput<typeof routes.storeProducts>, @CurrentVisitor() visitor: Visitor) {
    const { storeId, ...filter } = parseInput(sellerListFilterSchema, query.filter);
    const { rows, total } = await this.queries.execute(new ListStoreProducts(visitor, storeId, filter, pageWindow(query)));
    return new Page(rows, total, query);
  }

  @Bind(routes.quality)
  async quality(@Input() { query }: RouteInput<typeof routes.quality>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetProductQuality(visitor, query.storeId)));
  }

  @Bind(routes.compatibilityIndicator)
  async compatibilityIndicator(@Input() { query }: RouteInput<typeof routes.compatibilityIndicator>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetCompatibilityIndicator(visitor, query.storeId)));
  }

  /** The CSV's headers are set once the file exists, so a refusal (400, 403) answers as JSON like any other (issue 20 §8). */
  @Bind(routes.suggestions)
  async suggestions(
    @Input() { query }: RouteInput<typeof routes.suggestions>,
    @CurrentVisitor() visitor: Visitor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const csv = await this.queries.execute(new GetProductSuggestions(visitor, query.storeId));
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t('marketplace.suggestionsFileName')}.csv"`);
    return csv;
  }

  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    const { scenario: _scenario, storeId, ...input } = body;
    return ok(await this.commands.execute(new CreateProduct(visitor, storeId, input)), { message: t('marketplace.productCreated') });
  }

  @Bind(routes.update)
  async update(@Input() { params, body }: RouteInput<typeof routes.update>, @CurrentVisitor() visitor: Visitor) {
    const { scenario, ...change } = body;
    return ok(await this.commands.execute(new UpdateProduct(visitor, params.id, scenario, change)), {
      message: t('marketplace.productUpdated'),
    });
  }

  @Bind(routes.load)
  async load(@Input() { params }: RouteInput<typeof routes.load>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new LoadProduct(visitor, params.id)));
  }

  @Bind(routes.countOfStore)
  async countOfStore(@Input() { params }: RouteInput<typeof routes.countOfStore>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new CountStoreProducts(visitor, params.id)));
  }

  @Bind(routes.depleteAll)
  depleteAll(@Input() { params }: RouteInput<typeof routes.depleteAll>, @CurrentVisitor() visitor: Visitor) {
    return this.changeStore(visitor, params.id, 'deplete');
  }

  @Bind(routes.republishAll)
  republishAll(@Input() { params }: RouteInput<typeof routes.republishAll>, @CurrentVisitor() visitor: Visitor) {
    return this.changeStore(visitor, params.id, 'republish');
  }

  @Bind(routes.removeAll)
  removeAll(@Input() { params }: RouteInput<typeof routes.removeAll>, @CurrentVisitor() visitor: Visitor) {
    return this.changeStore(visitor, params.id, 'delete');
  }

  private async changeStore(visitor: Visitor, storeId: string, change: ChangeStoreProducts['change']) {
    const result = await this.commands.execute(new ChangeStoreProducts(visitor, storeId, change));
    return ok(result, { message: t('marketplace.productsChanged', { count: result.changed }) });
  }

  @Bind(routes.republish)
  async republish(@Input() { params, body }: RouteInput<typeof routes.republish>, @CurrentVisitor() visitor: Visitor) {
    const product = await this.commands.execute(new ChangeProduct(visitor, params.id, { to: 'published', inventario: body.inventario }));
    return ok(product, { message: t('marketplace.productRepublished') });
  }

  @Bind(routes.deplete)
  async deplete(@Input() { params }: RouteInput<typeof routes.deplete>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new ChangeProduct(visitor, params.id, { to: 'depleted' })), {
      message: t('marketplace.productDepleted'),
    });
  }

  @Bind(routes.remove)
  async remove(@Input() { params }: RouteInput<typeof routes.remove>, @CurrentVisitor() visitor: Visitor) {
    await this.commands.execute(new ChangeProduct(visitor, params.id, { to: 'deleted' }));
    return ok({ id: params.id }, { message: t('marketplace.productDeleted') });
  }
}
