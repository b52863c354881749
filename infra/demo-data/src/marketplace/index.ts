export * from './stores.js';
export * from './products.js';
