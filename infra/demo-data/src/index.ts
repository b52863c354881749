export * from './random.js';
export * from './people.js';
export * from './vehicles.js';
export * from './catalog/index.js';
export * from './marketplace/index.js';
