export * from './roles.js';
export * from './auth.js';
export * from './auth.routes.js';
export * from './users.js';
export * from './users.routes.js';
export * from './address.js';
export * from './address.routes.js';
export * from './invitations.routes.js';
