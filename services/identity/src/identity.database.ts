import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Session } from './sessions/session.entity.js';
import { User } from './users/user.entity.js';
import { Migration001Identity } from './migrations/Migration001Identity.js';
import { Migration002AdminConsole } from './migrations/Migration002AdminConsole.js';

export const identityDatabase: ContextDatabaseOptions = {
  schema: 'identity',
  entities: [User, Session],
  migrations: [Migration001Identity, Migration002AdminConsole],
};
