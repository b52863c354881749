import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ProductsSearched, type PayloadOf } from '@tuerca/contracts';
import { BatchedWrites, ContextDatabase, LOGGER, errorText, recordEvent, type Logger } from '@tuerca/platform';
import type { Viewer } from './product-view.js';

export interface ProductsSearch {
  kind: 'text' | 'reference';
  /** The normalised text or part number. */
  query: string;
  country: 'CO' | 'MX' | null;
  resultCount: number;
  /** When the search started (Date.now()), for its latency. */
  started: number;
}

/** A search waits at most this long before its event is written… */
export const SEARCH_EVENTS_FLUSH_MS = 100;
/** …or until this many wait, whichever comes first. */
export const SEARCH_EVENTS_BATCH = 200;

type Pending = { payload: PayloadOf<typeof ProductsSearched>; actor: { kind: 'user' | 'guest'; id: string }; at: Date };

/**
 * Every text and part-number search of the products answered (its first page) records ProductsSearched for the
 * analytics context, found or not: a search that found nothing is demand nobody meets yet.
 *
 * A search changes nothing, so its event needs no transaction of its own: the lookup is the hot path (target p99 ≤ 25 ms
 * at ≥ 800 req/s, load-tests/reports/marketplace-lookup.md) and a commit per lookup would add a WAL flush to each. The
 * request only queues the event; a batch is written to the outbox in one transaction every SEARCH_EVENTS_FLUSH_MS (or
 * SEARCH_EVENTS_BATCH searches), and what is queued is written when the process stops. A crash can lose the searches
 * of the last flush interval — analytics only, never a change.
 */
@Injectable()
export class ProductsSearchRecorder implements OnModuleDestroy {
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

  record(viewer: Viewer, s: ProductsSearch): void {
    const query = s.query.slice(0, 200);
    if (query.length === 0) return;
    this.batches.add({
      payload: {
        kind: s.kind,
        query,
        personKind: viewer.userId ? 'user' : 'guest',
        country: s.country,
        found: s.resultCount > 0,
        resultCount: s.resultCount,
        latencyMs: Math.max(0, Date.now() - s.started),
      },
      actor: viewer.userId ? { kind: 'user', id: viewer.userId } : { kind: 'guest', id: viewer.owner.slice(2) || 'guest' },
      at: new Date(),
    });
  }

  /** Writes what is queued (one transaction); flushes run one after the other. */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  private write(batch: Pending[]): Promise<void> {
    return this.db.transactional(async (em) => {
      for (const e of batch)
        recordEvent(em, ProductsSearched, e.payload, {
          aggregateId: `${e.payload.kind}:${e.payload.query}`,
          actor: e.actor,
          occurredAt: e.at,
        });
      await em.flush();
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
