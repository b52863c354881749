export * from './random.js';
export * from './people.js';
