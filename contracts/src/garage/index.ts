export * from './plate.js';
export * from './vehicle.js';
export * from './brands.routes.js';
export * from './vehicles.routes.js';
export * from './plates.routes.js';
