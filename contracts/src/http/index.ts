export * from './envelope.js';
export * from './route.js';
export * from './zod-es.js';
export * from './context-routes.js';
