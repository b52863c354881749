import { Injectable, type Provider, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '@tuerca/platform';
import { CatalogTokens } from './catalog-tokens.js';
import { CountVehiclesHandler } from './count-vehicles.query.js';
import { CreateVehicleHandler } from './create-vehicle.command.js';
import { GetVehicleImageHandler } from './get-vehicle-image.query.js';
import { FileStorage, LocalDiskFileStorage } from './image-storage.js';
import { ListVehicleImagesHandler } from './list-vehicle-images.query.js';
import { ListVehiclesHandler } from './list-vehicles.query.js';
import { RemoveVehicleHandler } from './remove-vehicle.command.js';
import { SaveVehicleImagesHandler } from './save-vehicle-images.command.js';
import { UpdateVehicleHandler } from './update-vehicle.command.js';
import { VehicleViews } from './vehicle-views.js';
import { VehiclesController } from './vehicles.controller.js';

/** saveVehicleImages carries base64 images (up to 5 MB each); the app's 2 MiB body limit is raised for it alone. */
export const SAVE_IMAGES_BODY_LIMIT = 24 * 1024 * 1024;

@Injectable()
export class SaveImagesBodyLimit {
  constructor(host: HttpAdapterHost) {
    // Runs while providers are created, before Nest registers the routes (the hook sees them being added).
    const fastify = host.httpAdapter?.getInstance?.() as
      { addHook(name: 'onRoute', hook: (route: { url: string; method: string | string[]; bodyLimit?: number }) => void): void } | undefined;
    fastify?.addHook('onRoute', (route) => {
      if (route.url === '/api/garage/vehicle/saveVehicleImages') route.bodyLimit = SAVE_IMAGES_BODY_LIMIT;
    });
  }
}

// vehicles: controllers and handlers, spread into GarageModule.
export const VEHICLES_CONTROLLERS: Type<unknown>[] = [VehiclesController];
export const VEHICLES_PROVIDERS: Provider[] = [
  CatalogTokens,
  VehicleViews,
  ListVehiclesHandler,
  CountVehiclesHandler,
  ListVehicleImagesHandler,
  GetVehicleImageHandler,
  CreateVehicleHandler,
  UpdateVehicleHandler,
  RemoveVehicleHandler,
  SaveVehicleImagesHandler,
  SaveImagesBodyLimit,
  { provide: FileStorage, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskFileStorage(config.STORAGE_DIR) },
];
export { FileStorage } from './image-storage.js';
