import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ActivityReminderDue,
  SellerInvited,
  PlanPurchased,
  QuoteRequested,
  QuestionAnswered,
  QuestionAsked,
  PartsQuoteAnswered,
  PartsQuoteRequested,
  RegistrationOnExistingAccount,
  RegistrationRequested,
  PurchaseCancelled,
  OrderConfirmedBySeller,
  OrderRejectedBySeller,
  PurchasePaid,
  PurchasePlaced,
  SellerResponded,
  StoreRatingRequested,
  type EventEnvelope,
  type PayloadOf,
} from '@tuerca/contracts';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, Clock, ContextDatabase, kysely, withinTransaction, type AppConfig } from '@tuerca/platform';
import type { NotificationsDB } from '../notifications.database.js';
import {
  renderActivityReminderDue,
  renderSellerInvited,
  renderPlanPurchased,
  renderQuoteRequested,
  renderQuestionAnswered,
  renderQuestionAsked,
  renderPartsQuoteAnswered,
  renderPartsQuoteRequested,
  renderRegistrationOnExistingAccount,
  renderRegistrationRequested,
  renderPurchaseCancelled,
  renderOrderConfirmedBySeller,
  renderOrderRejectedBySeller,
  renderPurchasePaid,
  renderPurchasePlaced,
  renderSellerResponded,
  renderStoreRatingRequested,
  type DraftMessage,
  type RenderContext,
} from './render.js';

/** The events that make messages, and how each is rendered. */
export const RENDERERS: Record<string, (event: EventEnvelope, ctx: RenderContext) => DraftMessage[]> = {
  [QuoteRequested.name]: (e, ctx) => renderQuoteRequested(e as EventEnvelope<PayloadOf<typeof QuoteRequested>>, ctx),
  [SellerResponded.name]: (e, ctx) => renderSellerResponded(e as EventEnvelope<PayloadOf<typeof SellerResponded>>, ctx),
  [PlanPurchased.name]: (e, ctx) => renderPlanPurchased(e as EventEnvelope<PayloadOf<typeof PlanPurchased>>, ctx),
  [RegistrationRequested.name]: (e) => renderRegistrationRequested(e as EventEnvelope<PayloadOf<typeof RegistrationRequested>>),
  [RegistrationOnExistingAccount.name]: (e) =>
    renderRegistrationOnExistingAccount(e as EventEnvelope<PayloadOf<typeof RegistrationOnExistingAccount>>),
  [PurchasePlaced.name]: (e, ctx) => renderPurchasePlaced(e as EventEnvelope<PayloadOf<typeof PurchasePlaced>>, ctx),
  [PurchasePaid.name]: (e, ctx) => renderPurchasePaid(e as EventEnvelope<PayloadOf<typeof PurchasePaid>>, ctx),
  [PurchaseCancelled.name]: (e, ctx) => renderPurchaseCancelled(e as EventEnvelope<PayloadOf<typeof PurchaseCancelled>>, ctx),
  [OrderConfirmedBySeller.name]: (e, ctx) =>
    renderOrderConfirmedBySeller(e as EventEnvelope<PayloadOf<typeof OrderConfirmedBySeller>>, ctx),
  [OrderRejectedBySeller.name]: (e, ctx) => renderOrderRejectedBySeller(e as EventEnvelope<PayloadOf<typeof OrderRejectedBySeller>>, ctx),
  [StoreRatingRequested.name]: (e) => renderStoreRatingRequested(e as EventEnvelope<PayloadOf<typeof StoreRatingRequested>>),
  [ActivityReminderDue.name]: (e, ctx) => renderActivityReminderDue(e as EventEnvelope<PayloadOf<typeof ActivityReminderDue>>, ctx),
  [SellerInvited.name]: (e) => renderSellerInvited(e as EventEnvelope<PayloadOf<typeof SellerInvited>>),
  [QuestionAsked.name]: (e, ctx) => renderQuestionAsked(e as EventEnvelope<PayloadOf<typeof QuestionAsked>>, ctx),
  [QuestionAnswered.name]: (e, ctx) => renderQuestionAnswered(e as EventEnvelope<PayloadOf<typeof QuestionAnswered>>, ctx),
  [PartsQuoteRequested.name]: (e, ctx) => renderPartsQuoteRequested(e as EventEnvelope<PayloadOf<typeof PartsQuoteRequested>>, ctx),
  [PartsQuoteAnswered.name]: (e, ctx) => renderPartsQuoteAnswered(e as EventEnvelope<PayloadOf<typeof PartsQuoteAnswered>>, ctx),
};

/** Writes an event's messages; answers how many were new. `tx`: the consumer's transaction. */
export class RecordEventMessages extends Command<number> {
  constructor(
    readonly event: EventEnvelope,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/**
 * 'queued' when there is a recipient, 'skipped' (with the reason) when there is none. One message per
 * (event, channel): the consumer's processed-event row makes a redelivery a no-op, and the unique index
 * on (event_id, channel) keeps it so even for a replay under another group.
 */
@CommandHandler(RecordEventMessages)
export class RecordEventMessagesHandler implements ICommandHandler<RecordEventMessages> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  async execute({ event, tx }: RecordEventMessages): Promise<number> {
    const drafts = RENDERERS[event.type]?.(event, { publicUrl: this.app.PUBLIC_URL }) ?? [];
    if (drafts.length === 0) return 0;
    const now = this.clock.now();
    return withinTransaction(this.db, tx, async (em) => {
      const inserted = await kysely<NotificationsDB>(em)
        .insertInto('Message')
        .values(
          drafts.map((m) => ({
            id: randomUUID(),
            channel: m.channel,
            recipient: m.recipient,
            template: m.template,
            text: m.text,
            status: m.recipient ? ('queued' as const) : ('skipped' as const),
            attempts: 0,
            lastError: m.recipient ? null : m.skipReason,
            eventId: event.eventId,
            eventType: event.type,
            storeId: m.storeId,
            userId: m.userId,
            quotationId: m.quotationId,
            params: m.params ?? {},
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflict((oc) => oc.columns(['eventId', 'channel']).doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    });
  }
}
