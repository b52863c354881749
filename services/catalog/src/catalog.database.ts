import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Migration001Catalog } from './migrations/Migration001Catalog.js';

export const catalogDatabase: ContextDatabaseOptions = {
  schema: 'catalog',
  entities: [],
  migrations: [Migration001Catalog],
};
