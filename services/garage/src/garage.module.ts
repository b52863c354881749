import { Module, type OnModuleInit } from '@nestjs/common';
import { ApiRoutes, ContextDatabaseModule } from '@tuerca/platform';
import { garageDatabase } from './garage.database.js';
import { VinCatalogProjection } from './catalog/vin-catalog.projection.js';
import { BRANDS_CONTROLLERS, BRANDS_PROVIDERS, brandsRoutes } from './brands/index.js';
import { PLATES_CONTROLLERS, PLATES_PROVIDERS, platesRoutes } from './plates/index.js';
import { VEHICLES_CONTROLLERS, VEHICLES_PROVIDERS, vehiclesRoutes } from './vehicles/index.js';

/** Garage: licence-plate lookup with human check and metering, the garage of vehicles (CO/MX), vehicle brands. */
@Module({
  imports: [ContextDatabaseModule.forContext(garageDatabase)],
  controllers: [...PLATES_CONTROLLERS, ...VEHICLES_CONTROLLERS, ...BRANDS_CONTROLLERS],
  providers: [...PLATES_PROVIDERS, ...VEHICLES_PROVIDERS, ...BRANDS_PROVIDERS, VinCatalogProjection],
})
export class GarageModule implements OnModuleInit {
  constructor(private readonly routes: ApiRoutes) {}

  onModuleInit(): void {
    this.routes.register(...platesRoutes, ...vehiclesRoutes, ...brandsRoutes);
  }
}
