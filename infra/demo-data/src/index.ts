export * from './random.js';
export * from './people.js';
export * from './vehicles.js';
export * from './registry.js';
export * from './catalog/index.js';
export * from './marketplace/index.js';
export * from './drawings/index.js';
