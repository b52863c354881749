import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CatalogSearched, type Actor, type PayloadOf } from '@tuerca/contracts';
import {
  BatchedWrites,
  ContextDatabase,
  LOGGER,
  actorOf,
  errorText,
  kysely,
  recordEvent,
  type Logger,
  type Visitor,
} from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';

export type SearchKind = 'vin' | 'frame' | 'oem' | 'substitutions';

export interface SearchRecord {
  kind: SearchKind;
  query: string;
  catalogCode: string | null;
  resultCount: number;
  /** When the search started (Date.now()), for its latency. */
  started: number;
  vinAnswer?: PayloadOf<typeof CatalogSearched>['vinAnswer'];
  qrId?: string | null;
  /** The catalogue generation that served a VIN or frame search. */
  generation?: 'old' | 'v2';
}

/** A search waits at most this long before its event is written… */
export const SEARCH_EVENTS_FLUSH_MS = 100;
/** …or until this many wait, whichever comes first. */
export const SEARCH_EVENTS_BATCH = 200;

type Pending = { payload: Omit<PayloadOf<typeof CatalogSearched>, 'make'>; actor: Actor; at: Date };

/**
 * Every catalogue search served records CatalogSearched (for the analytics context), found or not.
 *
 * A search changes nothing, so its event needs no transaction of its own: the lookups are the hot path (issue 21:
 * findCatalogsByOem and vehicleByVinOrFrame p99 ≤ 50 ms at 200 req/s, getSubstitutions ≥ 1,000 req/s) and a
 * transaction per lookup — begin, the catalogue's brand read, the outbox insert, commit — was most of each
 * lookup's database work (load-tests/reports/catalog-lookup-scale1.md, before and after). The request only
 * queues the event; a batch is written to the outbox in one transaction every SEARCH_EVENTS_FLUSH_MS (or
 * SEARCH_EVENTS_BATCH searches), with the brands of its catalogues read once, and what is queued is written
 * when the process stops. A crash can lose the searches of the last flush interval — analytics only, never a
 * change.
 */
@Injectable()
export class SearchRecorder implements OnModuleDestroy {
  private readonly batches: BatchedWrites<Pending>;

  constructor(
    private readonly db: ContextDatabase,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.batches = new BatchedWrites<Pending>(
      (batch) => this.write(batch),
      (err, batch) => logger.warn({ searches: batch.length, err: errorText(err) }, 'search events lost (analytics only)'),
      { flushMs: SEARCH_EVENTS_FLUSH_MS, batchSize: SEARCH_EVENTS_BATCH },
    );
  }

  record(visitor: Visitor, s: SearchRecord): void {
    this.batches.add({
      payload: {
        kind: s.kind,
        query: s.query,
        personKind: visitor.user ? 'user' : 'guest',
        catalogCode: s.catalogCode,
        found: s.resultCount > 0,
        resultCount: s.resultCount,
        latencyMs: Math.max(0, Date.now() - s.started),
        ...(s.vinAnswer ? { vinAnswer: s.vinAnswer } : {}),
        ...(s.qrId ? { qrId: s.qrId } : {}),
        ...(s.generation ? { generation: s.generation } : {}),
      },
      actor: actorOf(visitor),
      at: new Date(),
    });
  }

  /** Writes what is queued (one transaction); flushes run one after the other. */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  private write(batch: Pending[]): Promise<void> {
    return this.db.transactional(async (em) => {
      // The analytics dashboard groups searches by make: the catalogue's brand travels with the event.
      const codes = [...new Set(batch.map((e) => e.payload.catalogCode).filter((c): c is string => c !== null))];
      const brands = new Map<string, string>();
      if (codes.length > 0)
        for (const r of await kysely<CatalogDB>(em).selectFrom('Catalog').select(['code', 'brand']).where('code', 'in', codes).execute())
          brands.set(r.code, r.brand);
      for (const e of batch)
        recordEvent(
          em,
          CatalogSearched,
          { ...e.payload, make: e.payload.catalogCode ? (brands.get(e.payload.catalogCode) ?? null) : null },
          { aggregateId: `${e.payload.kind}:${e.payload.query}`, actor: e.actor, occurredAt: e.at },
        );
      await em.flush();
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
