import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MarketplacePaymentApproved, MarketplacePaymentFailed, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { HandleFailedPayment, RecordGatewayPayment } from './record-payment.command.js';

/** The consumer group `marketplace.purchase-payments`: billing's payment outcomes into the transactions. */
@Injectable()
export class PurchasePaymentsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'purchase-payments',
      events: [MarketplacePaymentApproved, MarketplacePaymentFailed],
      handle: async (event, em) => {
        if (event.type === MarketplacePaymentApproved.name)
          await this.commands.execute(new RecordGatewayPayment(event as EventEnvelope<PayloadOf<typeof MarketplacePaymentApproved>>, em));
        else await this.commands.execute(new HandleFailedPayment(event as EventEnvelope<PayloadOf<typeof MarketplacePaymentFailed>>, em));
      },
    });
  }
}
