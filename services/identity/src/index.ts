export { IdentityModule } from './identity.module.js';
export { identityDatabase } from './identity.database.js';
export { seedIdentity, DEMO_PASSWORD } from './demo/seed-identity.js';
