import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SellerRepliedOnWhatsApp, t, whatsappWebhookSchema } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, LOGGER, kysely, recordEvent, type Logger } from '@tuerca/platform';
import { notificationsConfig, type NotificationsConfig } from '../notifications.config.js';
import type { NotificationsDB } from '../notifications.database.js';
import { decideInbound, senderNumber, validSignature } from './whatsapp-webhook.rules.js';

export interface WebhookResult {
  received: number;
  duplicates: number;
  statuses: number;
}

/** One call of WhatsApp's webhook: the raw body as received and its X-Hub-Signature-256. */
export class ReceiveWhatsAppWebhook extends Command<WebhookResult> {
  constructor(
    readonly raw: Buffer | undefined,
    readonly signature: string | undefined,
  ) {
    super();
  }
}

/**
 * The signature first (bad or missing: 401, nothing read), then the payload (400 when it is not Meta's
 * shape). In one transaction: each inbound message once — its id is the key of `whatsapp_inbound`, so
 * WhatsApp's retries and replays change nothing — and what it means: a tap on a quotation's buttons becomes
 * SellerRepliedOnWhatsApp in this context's outbox (the marketplace applies it), 'BAJA' / 'STOP' records
 * the opt-out ('ALTA' / 'START' lifts it); a status 'failed' for a message we sent marks it failed with
 * WhatsApp's error.
 */
@CommandHandler(ReceiveWhatsAppWebhook)
export class ReceiveWhatsAppWebhookHandler implements ICommandHandler<ReceiveWhatsAppWebhook> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(notificationsConfig.token) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ raw, signature }: ReceiveWhatsAppWebhook): Promise<WebhookResult> {
    if (!validSignature(raw, signature, this.config.WHATSAPP_APP_SECRET))
      throw new DomainError(401, 'Invalid signature', [t('notifications.badSignature')]);
    let json: unknown;
    try {
      json = JSON.parse(raw!.toString('utf8'));
    } catch {
      json = undefined;
    }
    const parsed = whatsappWebhookSchema.safeParse(json);
    if (!parsed.success) throw new DomainError(400, 'Invalid webhook payload', [t('notifications.badWebhookPayload')]);
    const values = parsed.data.entry.flatMap((e) => e.changes.filter((c) => c.field === 'messages').map((c) => c.value));
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const k = kysely<NotificationsDB>(em);
      const result: WebhookResult = { received: 0, duplicates: 0, statuses: 0 };
      for (const message of values.flatMap((v) => v.messages ?? [])) {
        const decision = decideInbound(message);
        const from = senderNumber(message.from);
        const fresh = await k
          .insertInto('WhatsAppInbound')
          .values({
            messageId: message.id,
            fromNumber: from,
            kind: decision.kind,
            quotationId: decision.kind === 'quotation-answer' ? decision.quotationId : null,
            receivedAt: now,
            body: message,
          })
          .onConflict((oc) => oc.column('messageId').doNothing())
          .returning('messageId')
          .executeTakeFirst();
        if (!fresh) {
          result.duplicates += 1;
          continue;
        }
        result.received += 1;
        if (decision.kind === 'quotation-answer') {
          recordEvent(
            em,
            SellerRepliedOnWhatsApp,
            {
              quotationId: decision.quotationId,
              available: decision.available,
              from,
              whatsappMessageId: message.id,
              repliedAt: now.toISOString(),
            },
            { aggregateId: decision.quotationId, actor: { kind: 'system', id: 'whatsapp' }, occurredAt: now },
          );
        } else if (decision.kind === 'opt-out') {
          await k
            .insertInto('WhatsAppOptOut')
            .values({ phone: from, keyword: message.text!.body.trim().toUpperCase(), optedOutAt: now })
            .onConflict((oc) => oc.column('phone').doNothing())
            .execute();
        } else if (decision.kind === 'opt-in') {
          await k.deleteFrom('WhatsAppOptOut').where('phone', '=', from).execute();
        }
      }
      for (const status of values.flatMap((v) => v.statuses ?? [])) {
        result.statuses += 1;
        if (status.status !== 'failed') continue;
        const error = status.errors?.[0];
        const reason = t('notifications.bounced', {
          reason:
            `WhatsApp (${error?.code ?? '?'}) ${error?.title ?? ''}${error?.error_data?.details ? ` — ${error.error_data.details}` : ''}`.trim(),
        });
        const updated = await k
          .updateTable('Message')
          .set({ status: 'failed', lastError: reason, updatedAt: now })
          .where('providerMessageId', '=', status.id)
          .where('status', '=', 'sent')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0)
          this.logger.warn({ wamid: status.id, reason }, 'WhatsApp reported a sent message as failed');
      }
      await em.flush();
      return result;
    });
  }
}
