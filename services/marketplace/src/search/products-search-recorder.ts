import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { MAX_SEARCHES_PER_EVENT, ProductsSearchedV2, SYSTEM_ACTOR, type PayloadOf } from '@tuerca/contracts';
import {
  BatchedWrites,
  ContextDatabase,
  LOGGER,
  appendEvents,
  errorText,
  outboxEntry,
  preparedRunner,
  type Logger,
  type PreparedRunner,
} from '@tuerca/platform';
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
/** …or until this many wait, whichever comes first (one event carries them all). */
export const SEARCH_EVENTS_BATCH = MAX_SEARCHES_PER_EVENT;

type Search = PayloadOf<typeof ProductsSearchedV2>['searches'][number];
/** A search as queued: when it was answered as a number, written as ISO text with the batch (off the request). */
type Queued = Omit<Search, 'at'> & { at: number };

/**
 * Every text and part-number search of the products answered (its first page) is recorded for the analytics
 * context, found or not: a search that found nothing is demand nobody meets yet.
 *
 * A search changes nothing, so it needs no transaction of its own and no event of its own: the lookup is the hot
 * path (issue 21: thousands a second on two cores). The request only queues the search; every
 * SEARCH_EVENTS_FLUSH_MS (or SEARCH_EVENTS_BATCH searches) the queued searches become one ProductsSearched v2
 * event, written to the outbox in one statement (`appendEvents`), and what is queued is written when the process
 * stops. An event per search cost an outbox row, a relay move and a log row each — at 5,000 lookups a second,
 * 64 µs of PostgreSQL and a third of the process per lookup (marketplace README, issue 21). A crash can lose the
 * searches of the last flush interval — analytics only, never a change.
 */
@Injectable()
export class ProductsSearchRecorder implements OnModuleDestroy {
  private readonly batches: BatchedWrites<Queued>;
  private run: PreparedRunner | null = null;

  constructor(
    private readonly db: ContextDatabase,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.batches = new BatchedWrites<Queued>(
      (batch) => this.write(batch),
      (err, batch) => logger.warn({ searches: batch.length, err: errorText(err) }, 'search events lost (analytics only)'),
      { flushMs: SEARCH_EVENTS_FLUSH_MS, batchSize: SEARCH_EVENTS_BATCH },
    );
  }

  record(viewer: Viewer, s: ProductsSearch): void {
    const query = s.query.slice(0, 200);
    if (query.length === 0) return;
    const now = Date.now();
    this.batches.add({
      kind: s.kind,
      query,
      personKind: viewer.userId ? 'user' : 'guest',
      country: s.country,
      found: s.resultCount > 0,
      resultCount: s.resultCount,
      latencyMs: Math.max(0, now - s.started),
      at: now,
    });
  }

  /** Writes what is queued (one event, one statement, per batch); flushes run one after the other. */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  private write(queued: Queued[]): Promise<void> {
    this.run ??= preparedRunner(this.db);
    const searches: Search[] = queued.map((s) => ({ ...s, at: new Date(s.at).toISOString() }));
    // The searches of many people: the event's actor is the system; each search says whether a person was logged in.
    const { row } = outboxEntry(ProductsSearchedV2, { searches }, { aggregateId: 'products-searched', actor: SYSTEM_ACTOR });
    return appendEvents(this.run, [row]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
