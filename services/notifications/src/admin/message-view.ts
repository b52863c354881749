import { t, type NotificationView } from '@tuerca/contracts';
import { NotFoundError } from '@tuerca/platform';
import type { Message } from '../messages/message.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notificationNotFound = () => new NotFoundError(t('notifications.messageNotFound'));

/** An id that cannot be a message's is a 404, not a database error. */
export function assertMessageId(id: string): void {
  if (!UUID.test(id)) throw notificationNotFound();
}

export const MESSAGE_COLUMNS = [
  'id',
  'channel',
  'recipient',
  'template',
  'text',
  'status',
  'attempts',
  'lastError',
  'eventId',
  'eventType',
  'storeId',
  'userId',
  'quotationId',
  'createdAt',
  'updatedAt',
  'sentAt',
  'dispatchedAt',
] as const;

type MessageRow = Pick<Message, (typeof MESSAGE_COLUMNS)[number]>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A message as the operator console shows it (the console's field names are the table's). */
export function toNotificationView(m: MessageRow): NotificationView {
  return {
    id: m.id,
    channel: m.channel,
    recipient: m.recipient ?? null,
    template: m.template,
    text: m.text,
    status: m.status,
    attempts: m.attempts,
    last_error: m.lastError ?? null,
    event_id: m.eventId,
    event_type: m.eventType,
    store_id: m.storeId ?? null,
    user_id: m.userId ?? null,
    quotation_id: m.quotationId ?? null,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    sent_at: iso(m.sentAt),
    dispatched_at: iso(m.dispatchedAt),
  };
}
