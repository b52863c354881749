import type { Provider } from '@nestjs/common';
import { AdminErrorReportsController } from './admin-catalog.controllers.js';
import { GetErrorReportHandler, ListErrorReportsHandler } from './error-reports.queries.js';
import { ResolveErrorReportHandler } from './resolve-error-report.command.js';

// The operator console's catalogue resources under /admin-api, spread into CatalogModule (routes: catalogAdminRoutes).
export const ADMIN_CONTROLLERS: (new (...args: never[]) => unknown)[] = [AdminErrorReportsController];
export const ADMIN_PROVIDERS: Provider[] = [ListErrorReportsHandler, GetErrorReportHandler, ResolveErrorReportHandler];
