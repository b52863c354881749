import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock, ContextDatabase, LOGGER, errorText, kysely, type Logger } from '@tuerca/platform';
import { sql } from 'kysely';
import type { NotificationsDB } from '../notifications.database.js';
import { t, toE164 } from '@tuerca/contracts';
import { MessageDelivery, PermanentDeliveryError, type DeliveryReceipt } from './delivery.port.js';

/** What the handler needs of a BullMQ job: which attempt this is, of how many. */
export interface DeliveryAttempt {
  attemptsMade: number;
  opts: { attempts?: number };
}

/** One delivery attempt of one message (a BullMQ job's work). */
export class DeliverMessage extends Command<void> {
  constructor(
    readonly messageId: string,
    readonly attempt: DeliveryAttempt,
  ) {
    super();
  }
}

/**
 * Sends through the `MessageDelivery` port. A failure is recorded (`attempts`, `last_error`) and thrown
 * so BullMQ retries with exponential backoff; the last attempt's failure marks the message 'failed'.
 * A message no longer queued (sent, or re-queued meanwhile) is left alone.
 */
@CommandHandler(DeliverMessage)
export class DeliverMessageHandler implements ICommandHandler<DeliverMessage> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly delivery: MessageDelivery,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ messageId, attempt }: DeliverMessage): Promise<void> {
    const k = kysely<NotificationsDB>(this.db.em());
    const row = await k
      .selectFrom('Message')
      .select(['id', 'channel', 'recipient', 'template', 'text', 'status', 'params'])
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (!row || row.status !== 'queued' || !row.recipient) return;
    // Opt-out honoured ('BAJA' / 'STOP'): checked at delivery, so it also holds for messages queued before it.
    if (row.channel === 'whatsapp' && (await this.optedOut(row.recipient))) {
      await k
        .updateTable('Message')
        .set({ status: 'skipped', lastError: t('notifications.optedOut'), updatedAt: this.clock.now() })
        .where('id', '=', messageId)
        .where('status', '=', 'queued')
        .execute();
      return;
    }
    let receipt: DeliveryReceipt | void;
    try {
      receipt = await this.delivery.send({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        template: row.template,
        text: row.text,
        params: row.params ?? {},
      });
    } catch (err) {
      // A refusal for good (a bounce) is not retried: failed now, retryable by an operator.
      const permanent = err instanceof PermanentDeliveryError;
      const last = permanent || attempt.attemptsMade + 1 >= (attempt.opts.attempts ?? 1);
      await k
        .updateTable('Message')
        .set({
          attempts: sql`attempts + 1`,
          lastError: errorText(err),
          updatedAt: this.clock.now(),
          ...(last ? { status: 'failed' as const } : {}),
        })
        .where('id', '=', messageId)
        .where('status', '=', 'queued')
        .execute();
      if (last) this.logger.warn({ notification: messageId, err: errorText(err), permanent }, 'notification failed after its last attempt');
      if (permanent) return;
      throw err;
    }
    const now = this.clock.now();
    await k
      .updateTable('Message')
      .set({
        status: 'sent',
        attempts: sql`attempts + 1`,
        lastError: null,
        sentAt: now,
        updatedAt: now,
        providerMessageId: receipt?.providerMessageId ?? null,
      })
      .where('id', '=', messageId)
      .where('status', '=', 'queued')
      .execute();
  }

  private async optedOut(recipient: string): Promise<boolean> {
    const phone = toE164(recipient) ?? recipient;
    const row = await kysely<NotificationsDB>(this.db.em())
      .selectFrom('WhatsAppOptOut')
      .select('phone')
      .where('phone', '=', phone)
      .executeTakeFirst();
    return row !== undefined;
  }
}
