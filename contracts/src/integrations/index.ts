export * from './pies.js';
export * from './channels.js';
export * from './integrations.routes.js';
