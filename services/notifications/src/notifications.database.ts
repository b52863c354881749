import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Migration001Notifications } from './migrations/Migration001Notifications.js';

export const notificationsDatabase: ContextDatabaseOptions = {
  schema: 'notifications',
  entities: [],
  migrations: [Migration001Notifications],
};
