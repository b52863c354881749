import type { ContextDatabaseOptions } from '@tuerca/platform';
import { Migration001Billing } from './migrations/Migration001Billing.js';
import { Migration002Payments } from './migrations/Migration002Payments.js';
import { Migration003AdminConsole } from './migrations/Migration003AdminConsole.js';

export const billingDatabase: ContextDatabaseOptions = {
  schema: 'billing',
  entities: [],
  migrations: [Migration001Billing, Migration002Payments, Migration003AdminConsole],
};
