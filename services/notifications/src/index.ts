export { NotificationsModule } from './notifications.module.js';
export { notificationsDatabase } from './notifications.database.js';
export { MessageDelivery, type OutgoingMessage } from './delivery/delivery.port.js';
export { LogDelivery } from './delivery/log-delivery.js';
export { DeliveryService } from './delivery/delivery.service.js';
export { NotificationEventsProjection } from './messages/notification-events.projection.js';
export { formatBogota } from './messages/render.js';
