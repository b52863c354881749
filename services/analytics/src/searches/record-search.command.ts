import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContextDatabase, kysely, withinTransaction } from '@tuerca/platform';
import type { AnalyticsDB } from '../analytics.database.js';
import { searchFactsOf, type SearchEvent, type SearchFact } from './searches.rules.js';

/** One search event (one search, or a moment's searches) applied to the read model. `tx`: the consumer's transaction. */
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
 * guards a redelivery, and each row's key (the event id, or the id derived from it for each search of a batch)
 * guards a replay outside the consumer (a re-recorded history): only the rows inserted now count in the aggregate.
 * A batch of searches is one statement for its rows and one per aggregate key.
 */
@CommandHandler(RecordSearch)
export class RecordSearchHandler implements ICommandHandler<RecordSearch> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ event, tx }: RecordSearch) {
    return withinTransaction(this.db, tx, async (em) => {
      const facts = searchFactsOf(event);
      const db = kysely<AnalyticsDB>(em);
      const inserted = new Set(
        (
          await db
            .insertInto('Search')
            .values(facts)
            .onConflict((oc) => oc.column('eventId').doNothing())
            .returning('eventId')
            .execute()
        ).map((r) => r.eventId),
      );
      if (inserted.size === 0) return { recorded: false };
      const days = new Map<
        string,
        { day: string; kind: SearchFact['kind']; catalogCode: string; make: string; found: boolean; count: number; latencySumMs: number }
      >();
      for (const f of facts) {
        if (!inserted.has(f.eventId)) continue;
        const key = JSON.stringify([f.day, f.kind, f.catalogCode ?? '', f.make ?? '', f.found]);
        const day = days.get(key) ?? {
          day: f.day,
          kind: f.kind,
          catalogCode: f.catalogCode ?? '',
          make: f.make ?? '',
          found: f.found,
          count: 0,
          latencySumMs: 0,
        };
        day.count += 1;
        day.latencySumMs += f.latencyMs;
        days.set(key, day);
      }
      await db
        .insertInto('SearchDay')
        .values([...days.values()])
        .onConflict((oc) =>
          oc.columns(['day', 'kind', 'catalogCode', 'make', 'found']).doUpdateSet((eb) => ({
            count: eb('SearchDay.count', '+', eb.ref('excluded.count')),
            latencySumMs: eb('SearchDay.latencySumMs', '+', eb.ref('excluded.latencySumMs')),
          })),
        )
        .execute();
      return { recorded: true };
    });
  }
}
