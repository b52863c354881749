import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// analytics: controllers, providers and route contracts, spread into CatalogModule.
export const ANALYTICS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const ANALYTICS_PROVIDERS: Provider[] = [];
export const analyticsRoutes: RouteContract[] = [];
