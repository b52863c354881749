export * from './analytics.routes.js';
export * from './admin.routes.js';
