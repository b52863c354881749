export { BillingModule } from './billing.module.js';
export { billingDatabase, type BillingDB } from './billing.database.js';
export { billingConfig, type BillingConfig } from './billing.config.js';
export { seedBilling } from './demo/seed-billing.js';
