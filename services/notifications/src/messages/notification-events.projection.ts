import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PlanPurchased, QuoteRequested, SellerResponded, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { Clock, ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { renderPlanPurchased, renderQuoteRequested, renderSellerResponded, type DraftMessage } from './render.js';

/** The events that make messages, and how each is rendered. */
const RENDERERS: Record<string, (event: EventEnvelope) => DraftMessage[]> = {
  [QuoteRequested.name]: (e) => renderQuoteRequested(e as EventEnvelope<PayloadOf<typeof QuoteRequested>>),
  [SellerResponded.name]: (e) => renderSellerResponded(e as EventEnvelope<PayloadOf<typeof SellerResponded>>),
  [PlanPurchased.name]: (e) => renderPlanPurchased(e as EventEnvelope<PayloadOf<typeof PlanPurchased>>),
};

/**
 * The consumer group `notifications.messages`: turns other contexts' events into rows of `messages`,
 * 'queued' when there is a recipient, 'skipped' (with the reason) when there is none. One message per
 * (event, channel): the platform's processed-event row makes a redelivery a no-op, and the unique index
 * on (event_id, channel) keeps it so even for a replay under another group.
 */
@Injectable()
export class NotificationEventsProjection implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'messages',
      events: [QuoteRequested, SellerResponded, PlanPurchased],
      handle: async (event, em) => {
        await this.apply(event, em);
      },
    });
  }

  /** Writes the event's messages in the consumer's transaction; returns how many were new. */
  async apply(event: EventEnvelope, em: EntityManager): Promise<number> {
    const render = RENDERERS[event.type];
    if (!render) return 0;
    const now = this.clock.now();
    let inserted = 0;
    for (const m of render(event)) {
      const res = await em.execute<{ affectedRows: number }>(
        `insert into messages (id, channel, recipient, template, text, status, attempts, last_error, event_id, event_type,
                               store_id, user_id, quotation_id, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (event_id, channel) do nothing`,
        [
          randomUUID(),
          m.channel,
          m.recipient,
          m.template,
          m.text,
          m.recipient ? 'queued' : 'skipped',
          m.recipient ? null : m.skipReason,
          event.eventId,
          event.type,
          m.storeId,
          m.userId,
          m.quotationId,
          now,
          now,
        ],
        'run',
      );
      inserted += res.affectedRows;
    }
    return inserted;
  }
}
