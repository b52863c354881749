export * from './plans.js';
export * from './metering.js';
export * from './parameters.js';
