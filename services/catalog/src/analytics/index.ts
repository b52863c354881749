import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsReader } from './analytics.reader.js';
import { analyticsRouteContracts } from './analytics.routes.js';
import { SearchAnalyticsProjection } from './search-analytics.projection.js';

// analytics: controllers, providers and route contracts, spread into CatalogModule.
export const ANALYTICS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [AnalyticsController];
export const ANALYTICS_PROVIDERS: Provider[] = [AnalyticsReader, SearchAnalyticsProjection];
export const analyticsRoutes: RouteContract[] = analyticsRouteContracts;
