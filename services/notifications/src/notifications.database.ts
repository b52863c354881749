import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { Message } from './messages/message.entity.js';
import { Migration001Notifications } from './migrations/Migration001Notifications.js';
import { Migration002Channels } from './migrations/Migration002Channels.js';
import { WhatsAppInbound, WhatsAppOptOut } from './whatsapp/whatsapp-inbound.entity.js';

const entities = [Message, WhatsAppInbound, WhatsAppOptOut] as const;

export const notificationsDatabase = {
  schema: 'notifications',
  entities,
  migrations: [Migration001Notifications, Migration002Channels],
} satisfies ContextDatabaseOptions;

/** The notifications schema as typed Kysely sees it (tables by entity name, columns by property). */
export type NotificationsDB = KyselyDB<typeof entities>;
