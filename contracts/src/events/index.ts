export * from './define.js';
export * from './registry.js';
export * from './identity.events.js';
export * from './billing.events.js';
export * from './garage.events.js';
export * from './catalog.events.js';
export * from './marketplace.events.js';
