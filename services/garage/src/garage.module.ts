import { Module } from '@nestjs/common';
import { ContextDatabaseModule, contextConfigProvider } from '@tuerca/platform';
import { garageConfig } from './garage.config.js';
import { garageDatabase } from './garage.database.js';
import { BRANDS_CONTROLLERS, BRANDS_PROVIDERS } from './brands/index.js';
import { PLATES_CONTROLLERS, PLATES_PROVIDERS } from './plates/index.js';
import { VEHICLES_CONTROLLERS, VEHICLES_PROVIDERS } from './vehicles/index.js';

/**
 * Garage: licence-plate lookup with human check and metering, the garage of vehicles (CO/MX), vehicle brands.
 * Its routes are defined in contracts (contracts/src/garage/*.routes.ts).
 */
@Module({
  imports: [ContextDatabaseModule.forContext(garageDatabase)],
  controllers: [...PLATES_CONTROLLERS, ...VEHICLES_CONTROLLERS, ...BRANDS_CONTROLLERS],
  providers: [contextConfigProvider(garageConfig), ...PLATES_PROVIDERS, ...VEHICLES_PROVIDERS, ...BRANDS_PROVIDERS],
})
export class GarageModule {}
