import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { Activity } from './activities/activity.entity.js';
import { Migration001Agenda } from './migrations/Migration001Agenda.js';

const entities = [Activity] as const;

export const agendaDatabase = {
  schema: 'agenda',
  entities,
  migrations: [Migration001Agenda],
} satisfies ContextDatabaseOptions;

/** The agenda schema as typed Kysely sees it (tables by entity name, columns by property). */
export type AgendaDB = KyselyDB<typeof entities>;
