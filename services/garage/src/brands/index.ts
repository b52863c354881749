import type { Provider, Type } from '@nestjs/common';
import { BrandLogosController, VehicleBrandsController } from './brands.controller.js';
import { BrandsReader } from './brands.reader.js';

// brands: controllers, providers and route contracts, spread into GarageModule.
export const BRANDS_CONTROLLERS: Type<unknown>[] = [VehicleBrandsController, BrandLogosController];
export const BRANDS_PROVIDERS: Provider[] = [BrandsReader];
export { brandsRoutes } from './brands.routes.js';
