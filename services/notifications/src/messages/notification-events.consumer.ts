import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ActivityReminderDue,
  SellerInvited,
  PlanPurchased,
  PurchaseCancelled,
  OrderConfirmedBySeller,
  OrderRejectedBySeller,
  PurchasePaid,
  PurchasePlaced,
  QuoteRequested,
  QuestionAnswered,
  QuestionAsked,
  PartsQuoteAnswered,
  PartsQuoteRequested,
  RegistrationOnExistingAccount,
  RegistrationRequested,
  SellerResponded,
  StoreRatingRequested,
} from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { RecordEventMessages } from './record-event-messages.command.js';

/** The consumer group `notifications.messages`: other contexts' events become messages to people. */
@Injectable()
export class NotificationEventsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'messages',
      events: [
        QuoteRequested,
        SellerResponded,
        PlanPurchased,
        RegistrationRequested,
        RegistrationOnExistingAccount,
        PurchasePlaced,
        PurchasePaid,
        PurchaseCancelled,
        OrderConfirmedBySeller,
        OrderRejectedBySeller,
        ActivityReminderDue,
        StoreRatingRequested,
        SellerInvited,
        QuestionAsked,
        QuestionAnswered,
        PartsQuoteRequested,
        PartsQuoteAnswered,
      ],
      handle: async (event, em) => {
        await this.commands.execute(new RecordEventMessages(event, em));
      },
    });
  }
}
