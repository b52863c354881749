import { Injectable } from '@nestjs/common';
import { AnswerCache, type CachedAnswer, type CachedRow } from './reference-answers.cache.js';
import type { MatchOrder } from './search.rules.js';

/**
 * The non-personal part of one text or part-number search (GET /catalogo/products with `search` or `reference`):
 * every match in the order of a person with no quotation (`MatchOrder`), the total, the typo correction, and the
 * rows of the pages read so far with their shared views. Valid like a lookup answer: while the search read
 * model's generation is the one read before it (search_words included: written with the search rows) and the clock
 * is within [readAt, turnsAt] — availability after 30 days moves items to the last group and `onlyAvailable` reads it.
 */
export interface TextAnswer extends CachedAnswer {
  corrected: string | null;
  order: MatchOrder;
  /** A match's position in `order` by product id: where a person's quotation moves it from. */
  index: Map<string, number>;
  /** Rows of the pages read so far, by product id (pages are read on demand, then served from here). */
  rows: Map<string, CachedRow>;
}

/**
 * Matches kept per process, in all answers: a few hundred popular searches of scale 100 (a common word matches
 * 10,000–50,000 products, about 100 bytes each), least recently used out first.
 */
export const MAX_CACHED_MATCHES = 2_000_000;

/** The text search's in-memory cache (issue 21), dropped by the same generation number as the part-number lookup's. */
@Injectable()
export class TextAnswerCache extends AnswerCache<TextAnswer> {
  constructor() {
    super(MAX_CACHED_MATCHES, (answer) => answer.order.ids.length + 1);
  }
}
