import { Injectable, type Provider, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '@tuerca/platform';
import { FileStorage, LocalDiskFileStorage } from './image-storage.js';
import { CreateVehicleHandler, RemoveVehicleHandler, UpdateVehicleHandler } from './vehicle.commands.js';
import { SaveVehicleImagesHandler, VehicleImagesReader } from './vehicle-images.js';
import { VehiclesController } from './vehicles.controller.js';
import { VehiclesReader } from './vehicles.reader.js';

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

// vehicles: controllers, providers and route contracts, spread into GarageModule.
export const VEHICLES_CONTROLLERS: Type<unknown>[] = [VehiclesController];
export const VEHICLES_PROVIDERS: Provider[] = [
  VehiclesReader,
  VehicleImagesReader,
  CreateVehicleHandler,
  UpdateVehicleHandler,
  RemoveVehicleHandler,
  SaveVehicleImagesHandler,
  SaveImagesBodyLimit,
  { provide: FileStorage, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskFileStorage(config.STORAGE_DIR) },
];
export { vehiclesRoutes } from './vehicles.routes.js';
export { FileStorage } from './image-storage.js';
