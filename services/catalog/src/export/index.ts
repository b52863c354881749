import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// export: controllers, providers and route contracts, spread into CatalogModule.
export const EXPORT_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const EXPORT_PROVIDERS: Provider[] = [];
export const exportRoutes: RouteContract[] = [];
