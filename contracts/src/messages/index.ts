export * from './es.js';
export * from './format.js';
export * from './codes.js';
