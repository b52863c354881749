import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';

// plates: controllers, providers and route contracts, spread into GarageModule.
export const PLATES_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const PLATES_PROVIDERS: Provider[] = [];
export const platesRoutes: RouteContract[] = [];
