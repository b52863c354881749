import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '@tuerca/contracts';

/** The outbox of messages to people: one row per (event, channel), queued then sent, failed or skipped. */
export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.uuid().primary(),
    channel: p.enum(MESSAGE_CHANNELS),
    recipient: p.text().nullable(),
    template: p.text(),
    text: p.text(),
    status: p.enum(MESSAGE_STATUSES),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    eventId: p.uuid(),
    eventType: p.text(),
    storeId: p.text().nullable(),
    userId: p.text().nullable(),
    quotationId: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    sentAt: p.datetime().nullable(),
    /** When the delivery job was handed to BullMQ; null while a queued message still has to be dispatched. */
    dispatchedAt: p.datetime().nullable(),
    /** The template's variables and `link` (render.ts): e-mail subject and body, WhatsApp template parameters. */
    params: p.json<Record<string, string>>().columnType('jsonb').defaultRaw(`'{}'`),
    /** The provider's id of the sent message: the SMTP Message-ID, WhatsApp's wamid (its status callbacks name it). */
    providerMessageId: p.text().nullable(),
  },
  uniques: [{ name: 'messages_event_channel', properties: ['eventId', 'channel'] }],
  indexes: [
    // Admin filters (status, channel) and the default sort (newest first).
    { name: 'messages_created', expression: 'create index messages_created on messages (created_at desc, id)' },
    { name: 'messages_status_created', expression: 'create index messages_status_created on messages (status, created_at desc)' },
    { name: 'messages_channel_created', expression: 'create index messages_channel_created on messages (channel, created_at desc)' },
    { name: 'messages_store', properties: ['storeId'], where: 'store_id is not null' },
    { name: 'messages_user', properties: ['userId'], where: 'user_id is not null' },
    { name: 'messages_quotation', properties: ['quotationId'], where: 'quotation_id is not null' },
    // The dispatcher's work list: queued messages not yet handed to BullMQ.
    { name: 'messages_to_dispatch', properties: ['createdAt'], where: `status = 'queued' and dispatched_at is null` },
    { name: 'messages_provider_message', properties: ['providerMessageId'], where: 'provider_message_id is not null' },
  ],
});
export type Message = InferEntity<typeof Message>;
