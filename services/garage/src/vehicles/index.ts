import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// vehicles: controllers, providers and route contracts, spread into GarageModule.
export const VEHICLES_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const VEHICLES_PROVIDERS: Provider[] = [];
export const vehiclesRoutes: RouteContract[] = [];
