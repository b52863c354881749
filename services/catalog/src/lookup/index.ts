import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// lookup: controllers, providers and route contracts, spread into CatalogModule.
export const LOOKUP_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const LOOKUP_PROVIDERS: Provider[] = [];
export const lookupRoutes: RouteContract[] = [];
