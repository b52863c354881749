export { IdentityModule } from './identity.module.js';
export { identityDatabase, type IdentityDB } from './identity.database.js';
export { identityConfig, type IdentityConfig } from './identity.config.js';
export { seedIdentity, DEMO_PASSWORD } from './demo/seed-identity.js';
