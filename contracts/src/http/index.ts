export * from './envelope.js';
export * from './route.js';
export * from './zod-es.js';
