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

/**
 * A search waits at most this long before its event is written… Each event costs an outbox row, a relay
 * transaction and a log row whatever it carries: at about 10,000 lookups a second, events every 100 ms (of up to
 * 500 searches) let the lookup serve 10,700–11,500 a second, every 250 ms (up to 2,000) 11,900–12,500 (scale 100).
 */
export const SEARCH_EVENTS_FLUSH_MS = 250;
/** …or until this many wait, whichever comes first (one event carries them all). */
export const SEARCH_EVENTS_BATCH = MAX_SEARCHES_PER_EVENT;

/** A search as the event carries it: [ms after `since`, kind, query, guest or user, country, result count, latency]. */
type Row = PayloadOf<typeof ProductsSearchedV2>['searches'][number];
/** A search as queued: the row, with when it was answered (ms) in the place of its offset. */
type Queued = Row;

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
    this.batches.add([now, s.kind, query, viewer.userId ? 'user' : 'guest', s.country, s.resultCount, Math.max(0, now - s.started)]);
  }

  /** Writes what is queued (one event, one statement, per batch); flushes run one after the other. */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  private write(queued: Queued[]): Promise<void> {
    this.run ??= preparedRunner(this.db);
    // The searches of many people: the event's actor is the system; each search says whether a person was logged in.
    const since = queued[0]![0];
    const searches: Row[] = queued.map(([at, ...rest]) => [Math.max(0, at - since), ...rest]);
    const { row } = outboxEntry(
      ProductsSearchedV2,
      { since: new Date(since).toISOString(), searches },
      { aggregateId: 'products-searched', actor: SYSTEM_ACTOR },
    );
    return appendEvents(this.run, [row]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
