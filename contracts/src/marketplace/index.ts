export * from './product.js';
export * from './quotation.js';
export * from './cart.js';
export * from './service-order.js';
export * from './snapshots.js';
