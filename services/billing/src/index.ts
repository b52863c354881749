export { BillingModule } from './billing.module.js';
export { billingDatabase } from './billing.database.js';
export { seedBilling } from './demo/seed-billing.js';
