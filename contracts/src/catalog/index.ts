export * from './vin.js';
