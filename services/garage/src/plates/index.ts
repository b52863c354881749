import type { Provider } from '@nestjs/common';
import { ContextDatabase } from '@tuerca/platform';
import { garageConfig, type GarageConfig } from '../garage.config.js';
import { BuiltinPlateRegistry } from './builtin-plate-registry.js';
import { GetCaptchaChallengeHandler } from './get-captcha-challenge.query.js';
import { HttpPlateRegistry } from './http-plate-registry.js';
import { HumanCheckService } from './human-check.service.js';
import { LookupPlateHandler } from './lookup-plate.command.js';
import { PlateRegistry } from './plate-registry.port.js';
import { PlatesController } from './plates.controller.js';

export { PlateRegistry, PlateRegistryUnavailableError, type RegistryVehicle } from './plate-registry.port.js';
export { BuiltinPlateRegistry } from './builtin-plate-registry.js';
export { HttpPlateRegistry } from './http-plate-registry.js';

// plates: controllers and handlers, spread into GarageModule.
export const PLATES_CONTROLLERS: (new (...args: never[]) => unknown)[] = [PlatesController];
export const PLATES_PROVIDERS: Provider[] = [
  HumanCheckService,
  GetCaptchaChallengeHandler,
  LookupPlateHandler,
  {
    provide: PlateRegistry,
    inject: [garageConfig.token, ContextDatabase],
    useFactory: (config: GarageConfig, db: ContextDatabase): PlateRegistry =>
      config.PLATE_REGISTRY === 'http'
        ? new HttpPlateRegistry(config.PLATE_REGISTRY_URL!, config.PLATE_REGISTRY_TIMEOUT_MS)
        : new BuiltinPlateRegistry(db, config.PLATE_REGISTRY_OUTAGE),
  },
];
