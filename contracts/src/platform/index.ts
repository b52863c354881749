export * from './dead-letters.routes.js';
