export * from './activities.js';
export * from './activities.routes.js';
