export * from './dead-letters.routes.js';
export * from './health.routes.js';
