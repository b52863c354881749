export { NotificationsModule } from './notifications.module.js';
export { notificationsDatabase, type NotificationsDB } from './notifications.database.js';
export { notificationsConfig } from './notifications.config.js';
export { MessageDelivery, type OutgoingMessage } from './delivery/delivery.port.js';
export { LogDelivery } from './delivery/log-delivery.js';
export { MessageDispatcher } from './delivery/message-dispatcher.js';
export { RecordEventMessages } from './messages/record-event-messages.command.js';
export { formatBogota } from './messages/render.js';
