import type { Provider, Type } from '@nestjs/common';
import { VehicleBrandsController } from './brands.controller.js';
import { GetBrandLogoHandler } from './get-brand-logo.query.js';
import { GetBrandHandler } from './get-brand.query.js';
import { ListBrandsHandler } from './list-brands.query.js';

// brands: controllers and handlers, spread into GarageModule.
export const BRANDS_CONTROLLERS: Type<unknown>[] = [VehicleBrandsController];
export const BRANDS_PROVIDERS: Provider[] = [ListBrandsHandler, GetBrandHandler, GetBrandLogoHandler];
