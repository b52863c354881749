import type { Provider } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller.js';
import { ListCatalogSearchesHandler } from './list-searches.query.js';
import { GetSearchReportHandler } from './search-report.query.js';
import { SearchAnalyticsProjection } from './search-analytics.projection.js';

// analytics: controllers and providers, spread into CatalogModule (routes in contracts: catalogAnalyticsRoutes).
export const ANALYTICS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [AnalyticsController];
export const ANALYTICS_PROVIDERS: Provider[] = [ListCatalogSearchesHandler, GetSearchReportHandler, SearchAnalyticsProjection];
