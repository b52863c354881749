import { AdminStoreApiClientsController, AdminStoreApiDeliveriesController, StoreApiController } from './store-api.controller.js';
import {
  ChangeOrderVisibilityHandler,
  RegisterStoreApiClientHandler,
  RemoveApiSyncHandler,
  ResendStoreOrderHandler,
  UpdateStoreApiClientHandler,
} from './store-api.commands.js';
import {
  GetStoreApiClientHandler,
  GetStoreApiDeliveryHandler,
  ListAdminStoreApiClientsHandler,
  ListStoreApiClientsHandler,
  ListStoreApiDeliveriesHandler,
} from './store-api.queries.js';
import { StoreApiSecrets } from './store-api-secrets.js';
import { StoreApiDeliveries } from './store-api-deliveries.js';
import { DeliverStoreOrderHandler } from './deliver-store-order.command.js';
import { QueueOrderDeliveriesHandler } from './queue-order-deliveries.command.js';
import { StoreApiConsumer } from './store-api.consumer.js';

export const STORE_API_CONTROLLERS = [StoreApiController, AdminStoreApiClientsController, AdminStoreApiDeliveriesController];
export const STORE_API_PROVIDERS = [
  StoreApiSecrets,
  StoreApiDeliveries,
  StoreApiConsumer,
  QueueOrderDeliveriesHandler,
  DeliverStoreOrderHandler,
  RegisterStoreApiClientHandler,
  UpdateStoreApiClientHandler,
  ResendStoreOrderHandler,
  RemoveApiSyncHandler,
  ChangeOrderVisibilityHandler,
  ListStoreApiClientsHandler,
  ListAdminStoreApiClientsHandler,
  GetStoreApiClientHandler,
  ListStoreApiDeliveriesHandler,
  GetStoreApiDeliveryHandler,
];
