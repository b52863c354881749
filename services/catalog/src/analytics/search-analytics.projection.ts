import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogSearched, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';

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
    const inserted = await em.execute<{ event_id: string }[]>(
      `insert into search_analytics_searches (event_id, occurred_at, day, kind, query, person_kind, catalog_code, found, result_count, latency_ms)
       values (?, ?, (?::timestamptz at time zone 'America/Bogota')::date, ?, ?, ?, ?, ?, ?, ?)
       on conflict (event_id) do nothing returning event_id`,
      [
        event.eventId,
        event.occurredAt,
        event.occurredAt,
        p.kind,
        p.query,
        p.personKind,
        p.catalogCode,
        p.found,
        p.resultCount,
        p.latencyMs,
      ],
    );
    // A replayed event already counted leaves the aggregate alone.
    if (inserted.length === 0) return;
    await em.execute(
      `insert into search_analytics_daily (day, kind, catalog_code, found, count, latency_sum_ms)
       values ((?::timestamptz at time zone 'America/Bogota')::date, ?, ?, ?, 1, ?)
       on conflict (day, kind, catalog_code, found) do update
         set count = search_analytics_daily.count + 1, latency_sum_ms = search_analytics_daily.latency_sum_ms + excluded.latency_sum_ms`,
      [event.occurredAt, p.kind, p.catalogCode ?? '', p.found, p.latencyMs],
    );
  }
}
