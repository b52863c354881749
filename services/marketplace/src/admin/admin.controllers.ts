import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  adminProductFilterSchema,
  adminQuotationFilterSchema,
  adminStoreFilterSchema,
  marketplaceAdminRoutes,
  type RouteInput,
} from '@tuerca/contracts';
import { AdminRange, Bind, CurrentVisitor, Input, MethodNotAllowedError, parseInput, type Visitor } from '@tuerca/platform';
import { ChangeProduct } from '../products/change-product.command.js';
import { CreateProduct } from '../products/create-product.command.js';
import { SaveStore } from '../stores/save-store.command.js';
import { GetStore, ListStores } from '../stores/store.queries.js';
import { GetAdminProduct, ListAdminProducts } from './admin-products.queries.js';
import { AnswerQuotationFromConsole, GetAdminQuotation, ListAdminQuotations } from './admin-quotations.js';
import { UpdateProductFromConsole } from './update-product-from-console.command.js';

const stores = marketplaceAdminRoutes.stores;
const products = marketplaceAdminRoutes.products;
const quotations = marketplaceAdminRoutes.quotations;

/** /admin-api/stores: operators create and edit any store; a store admin edits their own; sellers read their own. */
@Controller()
export class AdminStoresController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(stores.list)
  async list(@Input() { query }: RouteInput<typeof stores.list>, @CurrentVisitor() visitor: Visitor) {
    const { rows, total, offset } = await this.queries.execute(
      new ListStores(visitor, query, parseInput(adminStoreFilterSchema, query.filter)),
    );
    return new AdminRange('stores', rows, offset, total);
  }

  @Bind(stores.one)
  one(@Input() { params }: RouteInput<typeof stores.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetStore(visitor, params.id));
  }

  @Bind(stores.create)
  create(@Input() { body }: RouteInput<typeof stores.create>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new SaveStore(visitor, null, body));
  }

  @Bind(stores.update)
  update(@Input() { params, body }: RouteInput<typeof stores.update>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new SaveStore(visitor, params.id, body));
  }

  @Bind(stores.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}

/** /admin-api/products: the sellers' products (published and depleted), their own store's for sellers. */
@Controller()
export class AdminProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(products.list)
  async list(@Input() { query }: RouteInput<typeof products.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminProductFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminProducts(visitor, query, filter));
    return new AdminRange('products', rows, offset, total);
  }

  @Bind(products.one)
  one(@Input() { params }: RouteInput<typeof products.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetAdminProduct(visitor, params.id));
  }

  @Bind(products.create)
  async create(@Input() { body }: RouteInput<typeof products.create>, @CurrentVisitor() visitor: Visitor) {
    const { storeId, ...input } = body;
    const created = await this.commands.execute(new CreateProduct(visitor, storeId, input));
    return this.queries.execute(new GetAdminProduct(visitor, created.id));
  }

  /** The record's fields (react-admin sends the whole record), or a state change: depleted / published. */
  @Bind(products.update)
  update(@Input() { params, body }: RouteInput<typeof products.update>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new UpdateProductFromConsole(visitor, params.id, body));
  }

  @Bind(products.remove)
  async remove(@Input() { params }: RouteInput<typeof products.remove>, @CurrentVisitor() visitor: Visitor) {
    const current = await this.queries.execute(new GetAdminProduct(visitor, params.id));
    await this.commands.execute(new ChangeProduct(visitor, params.id, { to: 'deleted' }));
    return current;
  }
}

/** /admin-api/quotations: stock confirmations to answer; a seller's own store's, everyone's for operators and advisers. */
@Controller()
export class AdminQuotationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(quotations.list)
  async list(@Input() { query }: RouteInput<typeof quotations.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminQuotationFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminQuotations(visitor, query, filter));
    return new AdminRange('quotations', rows, offset, total);
  }

  @Bind(quotations.one)
  one(@Input() { params }: RouteInput<typeof quotations.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetAdminQuotation(visitor, params.id));
  }

  @Bind(quotations.create)
  create() {
    throw new MethodNotAllowedError();
  }

  @Bind(quotations.update)
  answer(@Input() { params, body }: RouteInput<typeof quotations.update>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new AnswerQuotationFromConsole(visitor, params.id, body));
  }

  @Bind(quotations.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}
