import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Migration001Garage } from './migrations/Migration001Garage.js';

export const garageDatabase: ContextDatabaseOptions = {
  schema: 'garage',
  entities: [],
  migrations: [Migration001Garage],
};
