import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Migration001Billing } from './migrations/Migration001Billing.js';

export const billingDatabase: ContextDatabaseOptions = {
  schema: 'billing',
  entities: [],
  migrations: [Migration001Billing],
};
