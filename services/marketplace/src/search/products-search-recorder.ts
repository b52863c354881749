import { Injectable } from '@nestjs/common';
import { ProductsSearched } from '@tuerca/contracts';
import { ContextDatabase, recordEvent } from '@tuerca/platform';
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
 * Every text and part-number search of the products answered (its first page) records ProductsSearched for the
 * analytics context, found or not: a search that found nothing is demand nobody meets yet. One outbox row in
 * its own transaction after the read (about a millisecond beside the search itself).
 */
@Injectable()
export class ProductsSearchRecorder {
  constructor(private readonly db: ContextDatabase) {}

  record(viewer: Viewer, s: ProductsSearch): Promise<void> {
    const query = s.query.slice(0, 200);
    if (query.length === 0) return Promise.resolve();
    return this.db.transactional(async (em) => {
      recordEvent(
        em,
        ProductsSearched,
        {
          kind: s.kind,
          query,
          personKind: viewer.userId ? 'user' : 'guest',
          country: s.country,
          found: s.resultCount > 0,
          resultCount: s.resultCount,
          latencyMs: Math.max(0, Date.now() - s.started),
        },
        {
          aggregateId: `${s.kind}:${query}`,
          actor: viewer.userId ? { kind: 'user', id: viewer.userId } : { kind: 'guest', id: viewer.owner.slice(2) || 'guest' },
        },
      );
      await em.flush();
    });
  }
}
