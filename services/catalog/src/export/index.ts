import type { Provider } from '@nestjs/common';
import { ExportController } from './export.controller.js';
import { ExportCatalogExcelHandler } from './export-excel.query.js';

// export: controllers and providers, spread into CatalogModule (the route is in contracts: catalogExportRoutes).
export const EXPORT_CONTROLLERS: (new (...args: never[]) => unknown)[] = [ExportController];
export const EXPORT_PROVIDERS: Provider[] = [ExportCatalogExcelHandler];
