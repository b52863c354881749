import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { adminStoreApiClientFilterSchema, adminStoreApiDeliveryFilterSchema, storeApiRoutes, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, CurrentVisitor, Input, MethodNotAllowedError, ok, parseInput, type Visitor } from '@tuerca/platform';
import {
  ChangeOrderVisibility,
  RegisterStoreApiClient,
  RemoveApiSync,
  ResendStoreOrder,
  UpdateStoreApiClient,
} from './store-api.commands.js';
import {
  GetStoreApiClient,
  GetStoreApiDelivery,
  ListAdminStoreApiClients,
  ListStoreApiClients,
  ListStoreApiDeliveries,
} from './store-api.queries.js';

const routes = storeApiRoutes;

/** The store's order API calls of spec 000 §7 (getClientsApi, sendOrderToAPI, removeApiSync, changeOrderVisibility). */
@Controller()
export class StoreApiController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.getClientsApi)
  async getClientsApi(@Input() { query }: RouteInput<typeof routes.getClientsApi>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new ListStoreApiClients(visitor, query.storeId)));
  }

  @Bind(routes.sendOrderToAPI)
  async sendOrderToAPI(@Input() { params }: RouteInput<typeof routes.sendOrderToAPI>, @CurrentVisitor() visitor: Visitor) {
    const { view, message } = await this.commands.execute(new ResendStoreOrder(visitor, params.id));
    return ok(view, { message });
  }

  @Bind(routes.removeApiSync)
  async removeApiSync(@Input() { params }: RouteInput<typeof routes.removeApiSync>, @CurrentVisitor() visitor: Visitor) {
    const { view, message } = await this.commands.execute(new RemoveApiSync(visitor, params.id));
    return ok(view, { message });
  }

  @Bind(routes.changeOrderVisibility)
  async changeOrderVisibility(
    @Input() { params, body }: RouteInput<typeof routes.changeOrderVisibility>,
    @CurrentVisitor() visitor: Visitor,
  ) {
    const { view, message } = await this.commands.execute(new ChangeOrderVisibility(visitor, params.id, body.visible));
    return ok(view, { message });
  }
}

const clients = routes.adminClients;
const deliveries = routes.adminDeliveries;

/** /admin-api/store-api-clients: the stores' API clients; sellers read their own store's, store admins write them. */
@Controller()
export class AdminStoreApiClientsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(clients.list)
  async list(@Input() { query }: RouteInput<typeof clients.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminStoreApiClientFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminStoreApiClients(visitor, query, filter));
    return new AdminRange('store-api-clients', rows, offset, total);
  }

  @Bind(clients.one)
  one(@Input() { params }: RouteInput<typeof clients.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetStoreApiClient(visitor, params.id));
  }

  @Bind(clients.create)
  create(@Input() { body }: RouteInput<typeof clients.create>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new RegisterStoreApiClient(visitor, body));
  }

  @Bind(clients.update)
  update(@Input() { params, body }: RouteInput<typeof clients.update>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new UpdateStoreApiClient(visitor, params.id, body));
  }

  /** A client with history is never removed: deactivate it (its log stays). */
  @Bind(clients.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}

/** /admin-api/store-api-deliveries: the delivery log (read only). */
@Controller()
export class AdminStoreApiDeliveriesController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(deliveries.list)
  async list(@Input() { query }: RouteInput<typeof deliveries.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminStoreApiDeliveryFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListStoreApiDeliveries(visitor, query, filter));
    return new AdminRange('store-api-deliveries', rows, offset, total);
  }

  @Bind(deliveries.one)
  one(@Input() { params }: RouteInput<typeof deliveries.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetStoreApiDelivery(visitor, params.id));
  }

  @Bind(deliveries.create)
  create() {
    throw new MethodNotAllowedError();
  }

  @Bind(deliveries.update)
  update() {
    throw new MethodNotAllowedError();
  }

  @Bind(deliveries.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}
