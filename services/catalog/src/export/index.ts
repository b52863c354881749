import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';
import { ExportController } from './export.controller.js';
import { exportRoutes as routes } from './export.routes.js';
import { ExportService } from './export.service.js';

// export: controllers, providers and route contracts, spread into CatalogModule.
export const EXPORT_CONTROLLERS: (new (...args: never[]) => unknown)[] = [ExportController];
export const EXPORT_PROVIDERS: Provider[] = [ExportService];
export const exportRoutes: RouteContract[] = routes;
