import { Module } from '@nestjs/common';
import { APP_CONFIG, ContextDatabaseModule, LOGGER, contextConfigProvider, type AppConfig, type Logger } from '@tuerca/platform';
import { notificationsConfig, type NotificationsConfig } from './notifications.config.js';
import { notificationsDatabase } from './notifications.database.js';
import { NotificationEventsConsumer } from './messages/notification-events.consumer.js';
import { RecordEventMessagesHandler } from './messages/record-event-messages.command.js';
import { MessageDelivery } from './delivery/delivery.port.js';
import { LogDelivery } from './delivery/log-delivery.js';
import { ChannelDelivery } from './delivery/channel-delivery.js';
import { SmtpDelivery } from './delivery/smtp-delivery.js';
import { WhatsAppCloudDelivery } from './whatsapp/whatsapp-cloud-delivery.js';
import { WhatsAppWebhookController } from './whatsapp/whatsapp-webhook.controller.js';
import { ReceiveWhatsAppWebhookHandler } from './whatsapp/receive-whatsapp-webhook.command.js';
import { DeliverMessageHandler } from './delivery/deliver-message.command.js';
import { MessageDispatcher } from './delivery/message-dispatcher.js';
import { MessagesController } from './admin/messages.controller.js';
import { ListMessagesHandler } from './admin/list-messages.query.js';
import { GetMessageHandler } from './admin/get-message.query.js';
import { RetryMessageHandler } from './admin/retry-message.command.js';

/** A Graph API call that has not answered by then is abandoned; the job retries it. */
const WHATSAPP_TIMEOUT_MS = 15_000;

/** Notifications: the WhatsApp / e-mail outbox fed by events — queued, rendered in Spanish, delivered through a port with retries. */
@Module({
  imports: [ContextDatabaseModule.forContext(notificationsDatabase)],
  controllers: [MessagesController, WhatsAppWebhookController],
  providers: [
    contextConfigProvider(notificationsConfig),
    NotificationEventsConsumer,
    RecordEventMessagesHandler,
    MessageDispatcher,
    DeliverMessageHandler,
    ListMessagesHandler,
    GetMessageHandler,
    RetryMessageHandler,
    ReceiveWhatsAppWebhookHandler,
    {
      provide: MessageDelivery,
      inject: [notificationsConfig.token, APP_CONFIG, LOGGER],
      useFactory: (config: NotificationsConfig, app: AppConfig, logger: Logger): MessageDelivery => {
        const log = new LogDelivery(logger.child({ context: 'notifications' }));
        if (config.NOTIFICATIONS_EMAIL === 'log' && config.NOTIFICATIONS_WHATSAPP === 'log') return log;
        return new ChannelDelivery({
          email:
            config.NOTIFICATIONS_EMAIL === 'smtp'
              ? new SmtpDelivery({ url: config.SMTP_URL, from: config.MAIL_FROM, messageIdDomain: new URL(app.PUBLIC_URL).hostname })
              : log,
          whatsapp:
            config.NOTIFICATIONS_WHATSAPP === 'cloud-api'
              ? new WhatsAppCloudDelivery({
                  apiUrl: config.WHATSAPP_API_URL,
                  phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
                  token: config.WHATSAPP_TOKEN,
                  language: config.WHATSAPP_TEMPLATE_LANGUAGE,
                  timeoutMs: WHATSAPP_TIMEOUT_MS,
                })
              : log,
        });
      },
    },
  ],
})
export class NotificationsModule {}
