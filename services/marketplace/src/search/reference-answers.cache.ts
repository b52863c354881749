import { Injectable } from '@nestjs/common';
import type { ProductView } from '@tuerca/contracts';
import { JsonText } from '@tuerca/platform';
import type { ProductViewRow } from './product-view.js';

/** A row of a cached answer: the person-free search row and the view built from it once, when it was read. */
export interface CachedRow {
  row: ProductViewRow;
  /** The searched reference's own product (not a substitute). */
  direct: boolean;
  substitutionItem: ProductView['substitutionItem'];
  /** The view for a person with no quotation and no cart line on the product. Shared: never mutated. */
  view: ProductView;
  /**
   * The same view as JSON, written once when the row was read: most people have no quotation nor cart line on a
   * row, and their answers are these texts put together (issue 21: serialising the views was an eighth of a
   * cached lookup's cost).
   */
  json: JsonText<ProductView>;
}

/** A cached row once its view is complete (store ratings included): the view is written as JSON here, once. */
export function cachedRow(
  row: ProductViewRow,
  direct: boolean,
  substitutionItem: ProductView['substitutionItem'],
  view: ProductView,
): CachedRow {
  return { row, direct, substitutionItem, view, json: JsonText.of(view) };
}

/**
 * The non-personal part of one part-number lookup: products and substitutes of a normalised reference in one
 * scope, in their stores' order (direct first, then price, title, id), with store ratings and whether the
 * virtual store hides references. Valid while the search read model's generation is the one read before it and
 * the clock is within [readAt, turnsAt] (turnsAt: the first moment a product of the answer passes 30 days
 * without a stock update, which changes its availability and so the candidates and their order).
 */
export interface ReferenceAnswer extends CachedAnswer {
  hidesReferences: boolean;
  rows: CachedRow[];
}

/** Answers kept per process (least recently used out first); at about 20 rows each, a few hundred MB at most. */
export const MAX_CACHED_ANSWERS = 10_000;

/** What every cached answer carries: the read model's generation it was read at, and the clock span it holds for. */
export interface CachedAnswer {
  generation: string;
  /** When it was read (ms): a clock moved back before it does not use it. */
  readAt: number;
  /** The first moment (ms) a product of the answer passes 30 days without a stock update, or null. */
  turnsAt: number | null;
}

/**
 * Answers kept in memory per process, each valid while the search read model's generation is the one read before
 * it and the clock is within [readAt, turnsAt]; least recently used out first once `weigh` of all passes `budget`.
 */
export class AnswerCache<A extends CachedAnswer> {
  private readonly answers = new Map<string, A>();
  /** When each answer was last moved to the recent end (a count of moves and loads). */
  private readonly moved = new WeakMap<A, number>();
  private tick = 0;
  private readonly loading = new Map<string, Promise<A>>();
  private weight = 0;
  /** Answers read from the database since start (hits are the other reads). */
  loads = 0;

  constructor(
    private readonly budget: number,
    private readonly weigh: (answer: A) => number,
  ) {}

  /** The cached answer for `key` when it still holds at `generation` and `now` (no promise on the hot path). */
  peek(key: string, generation: string, now: Date): A | undefined {
    const cached = this.answers.get(key);
    const at = now.getTime();
    if (!cached || cached.generation !== generation || at < cached.readAt || (cached.turnsAt !== null && at > cached.turnsAt))
      return undefined;
    // Most recently used last: the Map's order is the eviction order. An answer moved lately, within the newer half
    // of the Map, stays where it is (nearly LRU, without reinserting on every hit of a hot answer).
    if (this.tick - (this.moved.get(cached) ?? 0) > this.answers.size / 2) {
      this.answers.delete(key);
      this.answers.set(key, cached);
      this.moved.set(cached, ++this.tick);
    }
    return cached;
  }

  /** The cached answer for `key` when it still holds at `generation` and `now`, or the one `load` reads (once for concurrent misses). */
  async answer(key: string, generation: string, now: Date, load: () => Promise<A>): Promise<A> {
    const cached = this.peek(key, generation, now);
    if (cached) return cached;
    const flight = `${key}\u0000${generation}`;
    let pending = this.loading.get(flight);
    if (!pending) {
      pending = load()
        .then((fresh) => {
          this.loads++;
          this.drop(key);
          this.answers.set(key, fresh);
          this.moved.set(fresh, ++this.tick);
          this.weight += this.weigh(fresh);
          while (this.weight > this.budget && this.answers.size > 1) this.drop(this.answers.keys().next().value!);
          return fresh;
        })
        .finally(() => this.loading.delete(flight));
      this.loading.set(flight, pending);
    }
    return pending;
  }

  private drop(key: string): void {
    const old = this.answers.get(key);
    if (!old) return;
    this.weight -= this.weigh(old);
    this.answers.delete(key);
  }
}

/**
 * The part-number lookup's in-memory cache (issue 21: "served from memory and invalidated by the events that
 * change it"). Every change to what an answer reads — product_search, product_refs, cross_references,
 * store_rating_summaries, written by the consumers of ProductPublished/Updated/Deleted, StoreUpdated,
 * CrossReferencesPublished and StoreRated, or by a seeder, truncates included — moves one generation number in the same
 * transaction (a statement trigger, Migration014LookupCache). Each lookup reads that number with the person's
 * quotations and cart in its one small statement, so an answer cached by any process is dropped by the first
 * request after the change commits, in every process.
 */
@Injectable()
export class ReferenceAnswerCache extends AnswerCache<ReferenceAnswer> {
  constructor() {
    super(MAX_CACHED_ANSWERS, () => 1);
  }
}
