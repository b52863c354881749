export * from './bootstrap.js';
export * from './contexts.js';
export * from './app.module.js';
export { migrateAll } from './cli/migrate.js';
export { seedAll } from './cli/seed.js';
