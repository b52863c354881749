import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppParameterChanged, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry, kysely, withinTransaction } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/** Keeps an app parameter's value as billing announced it (only the marketplace's own parameters matter here). */
export class RecordAppParameter extends Command<void> {
  constructor(
    readonly event: EventEnvelope<PayloadOf<typeof AppParameterChanged>>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(RecordAppParameter)
export class RecordAppParameterHandler implements ICommandHandler<RecordAppParameter> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ event, tx }: RecordAppParameter): Promise<void> {
    const { name, value } = event.payload;
    if (!name.startsWith('marketplace') || value === null || value === undefined) return;
    const changedAt = new Date(event.occurredAt);
    await withinTransaction(this.db, tx, async (em) => {
      // A late, older change never overwrites a newer one.
      await kysely<MarketplaceDB>(em)
        .insertInto('AppParameter')
        .values({ name, value, changedAt })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), changedAt: eb.ref('excluded.changedAt') }))
            .where('AppParameter.changedAt', '<=', changedAt),
        )
        .execute();
    });
  }
}

/** The consumer group `marketplace.app-parameters`: billing's AppParameterChanged into the marketplace's read model. */
@Injectable()
export class AppParametersConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'app-parameters',
      events: [AppParameterChanged],
      handle: async (event, em) => {
        await this.commands.execute(new RecordAppParameter(event as EventEnvelope<PayloadOf<typeof AppParameterChanged>>, em));
      },
    });
  }
}
