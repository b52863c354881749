import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogSearched, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { bogotaDay } from './analytics.rules.js';

type Searched = PayloadOf<typeof CatalogSearched>;

export const SEARCH_ANALYTICS_GROUP = 'search-analytics';

/**
 * The search-analytics read model, fed by CatalogSearched: one row per search and a daily aggregate
 * (day in America/Bogota, kind, catalogue, found → count and latency). Each event is applied once
 * (the platform's processed-events table), and the tables can be rebuilt by replaying the log.
 */
@Injectable()
export class SearchAnalyticsProjection implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: SEARCH_ANALYTICS_GROUP,
      events: [CatalogSearched],
      handle: (event, em) => this.apply(event as EventEnvelope<Searched>, em),
    });
  }

  async apply(event: EventEnvelope<Searched>, em: EntityManager): Promise<void> {
    const p = event.payload;
    const db = kysely<CatalogDB>(em);
    const day = bogotaDay(new Date(event.occurredAt));
    const inserted = await db
      .insertInto('SearchAnalyticsSearch')
      .values({
        eventId: event.eventId,
        occurredAt: new Date(event.occurredAt),
        day,
        kind: p.kind,
        query: p.query,
        personKind: p.personKind,
        catalogCode: p.catalogCode,
        found: p.found,
        resultCount: p.resultCount,
        latencyMs: p.latencyMs,
      })
      .onConflict((oc) => oc.column('eventId').doNothing())
      .returning('eventId')
      .execute();
    // A replayed event already counted leaves the aggregate alone.
    if (inserted.length === 0) return;
    await db
      .insertInto('SearchAnalyticsDaily')
      .values({ day, kind: p.kind, catalogCode: p.catalogCode ?? '', found: p.found, count: 1, latencySumMs: p.latencyMs })
      .onConflict((oc) =>
        oc.columns(['day', 'kind', 'catalogCode', 'found']).doUpdateSet((eb) => ({
          count: eb('SearchAnalyticsDaily.count', '+', 1),
          latencySumMs: eb('SearchAnalyticsDaily.latencySumMs', '+', eb.ref('excluded.latencySumMs')),
        })),
      )
      .execute();
  }
}
