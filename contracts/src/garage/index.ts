export * from './plate.js';
export * from './vehicle.js';
