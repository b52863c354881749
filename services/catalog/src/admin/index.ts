import type { Provider } from '@nestjs/common';
import { AdminErrorReportsController, AdminSearchAnalyticsController } from './admin-catalog.controllers.js';
import { AdminCatalogReader } from './admin-catalog.reader.js';

// The operator console's catalogue resources under /admin-api, spread into CatalogModule.
export const ADMIN_CONTROLLERS: (new (...args: never[]) => unknown)[] = [AdminErrorReportsController, AdminSearchAnalyticsController];
export const ADMIN_PROVIDERS: Provider[] = [AdminCatalogReader];
export { adminCatalogRoutes } from './admin.routes.js';
