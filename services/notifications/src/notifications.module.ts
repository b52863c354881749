import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, ApiRoutes, ContextDatabaseModule, LOGGER, type AppConfig, type Logger } from '@tuerca/platform';
import { notificationsDatabase } from './notifications.database.js';
import { NotificationEventsProjection } from './messages/notification-events.projection.js';
import { MessageDelivery } from './delivery/delivery.port.js';
import { LogDelivery } from './delivery/log-delivery.js';
import { DeliveryService } from './delivery/delivery.service.js';
import { NotificationsAdminController } from './admin/notifications.controller.js';
import { NotificationsReader } from './admin/notifications.reader.js';
import { notificationsRoutes } from './admin/notifications.routes.js';

/** Notifications: the WhatsApp / e-mail outbox fed by events — queued, rendered in Spanish, delivered through a port with retries. */
@Module({
  imports: [ContextDatabaseModule.forContext(notificationsDatabase)],
  controllers: [NotificationsAdminController],
  providers: [
    NotificationEventsProjection,
    NotificationsReader,
    DeliveryService,
    {
      provide: MessageDelivery,
      inject: [APP_CONFIG, LOGGER],
      // NOTIFICATIONS_DELIVERY picks the adapter; 'log' is the only one until real providers are added.
      useFactory: (config: AppConfig, logger: Logger): MessageDelivery => {
        switch (config.NOTIFICATIONS_DELIVERY) {
          case 'log':
            return new LogDelivery(logger.child({ context: 'notifications' }));
        }
      },
    },
  ],
})
export class NotificationsModule implements OnModuleInit {
  constructor(private readonly routes: ApiRoutes) {}

  onModuleInit(): void {
    this.routes.register(...notificationsRoutes);
  }
}
