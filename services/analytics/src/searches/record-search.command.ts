import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContextDatabase, kysely, withinTransaction } from '@tuerca/platform';
import type { AnalyticsDB } from '../analytics.database.js';
import { searchFactOf, type SearchEvent } from './searches.rules.js';

/** One search event applied to the read model. `tx`: the consumer's transaction (with its processed-event row). */
export class RecordSearch extends Command<{ recorded: boolean }> {
  constructor(
    readonly event: SearchEvent,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/**
 * A row per search and the daily aggregate. Applied once per event: the consumer's processed-event row already
 * guards a redelivery, and the row's key (the event id) guards a replay outside the consumer (a re-recorded
 * history), leaving the aggregate alone when the row was there.
 */
@CommandHandler(RecordSearch)
export class RecordSearchHandler implements ICommandHandler<RecordSearch> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ event, tx }: RecordSearch) {
    return withinTransaction(this.db, tx, async (em) => {
      const f = searchFactOf(event);
      const db = kysely<AnalyticsDB>(em);
      const inserted = await db
        .insertInto('Search')
        .values(f)
        .onConflict((oc) => oc.column('eventId').doNothing())
        .returning('eventId')
        .execute();
      if (inserted.length === 0) return { recorded: false };
      await db
        .insertInto('SearchDay')
        .values({
          day: f.day,
          kind: f.kind,
          catalogCode: f.catalogCode ?? '',
          make: f.make ?? '',
          found: f.found,
          count: 1,
          latencySumMs: f.latencyMs,
        })
        .onConflict((oc) =>
          oc.columns(['day', 'kind', 'catalogCode', 'make', 'found']).doUpdateSet((eb) => ({
            count: eb('SearchDay.count', '+', 1),
            latencySumMs: eb('SearchDay.latencySumMs', '+', eb.ref('excluded.latencySumMs')),
          })),
        )
        .execute();
      return { recorded: true };
    });
  }
}
