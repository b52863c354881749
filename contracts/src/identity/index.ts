export * from './roles.js';
export * from './auth.js';
