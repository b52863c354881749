import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConsultationConsumed, ConsultationRefunded, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { CountConsultation } from './count-consultation.command.js';

/** The consumer group `billing.quota-counters`: ConsultationConsumed and ConsultationRefunded keep the counters the consoles show. */
@Injectable()
export class QuotaCountersConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'quota-counters',
      // Writes only its read model through `em`: a busy moment's events share one transaction.
      batchable: true,
      events: [ConsultationConsumed, ConsultationRefunded],
      handle: async (event, em) => {
        await this.commands.execute(
          new CountConsultation(event as EventEnvelope<PayloadOf<typeof ConsultationConsumed | typeof ConsultationRefunded>>, em),
        );
      },
    });
  }
}
