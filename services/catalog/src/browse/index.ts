import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// browse: controllers, providers and route contracts, spread into CatalogModule.
export const BROWSE_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const BROWSE_PROVIDERS: Provider[] = [];
export const browseRoutes: RouteContract[] = [];
