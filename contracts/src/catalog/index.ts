export * from './vin.js';
export * from './v2.js';
