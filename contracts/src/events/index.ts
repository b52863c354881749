export * from './define.js';
export * from './registry.js';
export * from './identity.events.js';
