export * from './notifications.routes.js';
export * from './phone.js';
export * from './whatsapp.routes.js';
