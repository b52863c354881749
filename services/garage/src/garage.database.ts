import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { VehicleBrand } from './brands/vehicle-brand.entity.js';
import { CaptchaSpent } from './plates/captcha-spent.entity.js';
import { RegistryVehicle } from './plates/registry-vehicle.entity.js';
import { Vehicle, VehicleImage } from './vehicles/vehicle.entity.js';
import { Migration001Garage } from './migrations/Migration001Garage.js';
import { Migration002IdentityPrivacy } from './migrations/Migration002IdentityPrivacy.js';

const entities = [VehicleBrand, Vehicle, VehicleImage, RegistryVehicle, CaptchaSpent] as const;

export const garageDatabase = {
  schema: 'garage',
  entities,
  migrations: [Migration001Garage, Migration002IdentityPrivacy],
} satisfies ContextDatabaseOptions;

/** The garage schema as typed Kysely sees it (tables by entity name, columns by property). */
export type GarageDB = KyselyDB<typeof entities>;
