import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// brands: controllers, providers and route contracts, spread into GarageModule.
export const BRANDS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const BRANDS_PROVIDERS: Provider[] = [];
export const brandsRoutes: RouteContract[] = [];
