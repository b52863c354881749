import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Migration001Catalog } from './migrations/Migration001Catalog.js';
import { Migration002Analytics } from './migrations/Migration002Analytics.js';
import { Migration003Imports } from './migrations/Migration003Imports.js';
import { Migration004AdminConsole } from './migrations/Migration004AdminConsole.js';

export const catalogDatabase: ContextDatabaseOptions = {
  schema: 'catalog',
  entities: [],
  migrations: [Migration001Catalog, Migration002Analytics, Migration003Imports, Migration004AdminConsole],
};
