export * from './envelope.js';
export * from './route.js';
export * from './zod-es.js';
export * from './context-routes.js';
export * from './admin-routes.js';
export * from './spreadsheet.js';
