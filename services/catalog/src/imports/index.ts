import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// imports: controllers, providers and route contracts, spread into CatalogModule.
export const IMPORTS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const IMPORTS_PROVIDERS: Provider[] = [];
export const importsRoutes: RouteContract[] = [];
