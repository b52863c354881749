export * from './events/index.js';
export * from './http/index.js';
export * from './identity/index.js';
export * from './messages/index.js';
export * from './billing/index.js';
export * from './garage/index.js';
export * from './catalog/index.js';
export * from './marketplace/index.js';
