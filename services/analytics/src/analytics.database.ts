import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { Search, SearchDay } from './searches/search.entity.js';
import { Migration001Analytics } from './migrations/Migration001Analytics.js';

const entities = [Search, SearchDay] as const;

export const analyticsDatabase = {
  schema: 'analytics',
  entities,
  migrations: [Migration001Analytics],
} satisfies ContextDatabaseOptions;

/** The analytics schema as typed Kysely sees it (tables by entity name, columns by property). */
export type AnalyticsDB = KyselyDB<typeof entities>;
