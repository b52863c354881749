import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Migration001Marketplace } from './migrations/Migration001Marketplace.js';
import { Migration002ProductImports } from './migrations/Migration002ProductImports.js';
import { Migration003SearchTuning } from './migrations/Migration003SearchTuning.js';

export const marketplaceDatabase: ContextDatabaseOptions = {
  schema: 'marketplace',
  entities: [],
  migrations: [Migration001Marketplace, Migration002ProductImports, Migration003SearchTuning],
};
