export * from './database.js';
export * from './http-app.js';
export * from './client.js';
