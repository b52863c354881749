import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SellerRepliedOnWhatsApp } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { AnswerQuotationFromWhatsApp } from './answer-quotation-from-whatsapp.command.js';

/** The consumer group `marketplace.whatsapp-replies`: a store's answer to a quotation from WhatsApp (notifications' event). */
@Injectable()
export class WhatsAppRepliesConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'whatsapp-replies',
      events: [SellerRepliedOnWhatsApp],
      handle: async (event, em) => {
        await this.commands.execute(new AnswerQuotationFromWhatsApp(event.payload, em));
      },
    });
  }
}
