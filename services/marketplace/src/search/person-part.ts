import { Injectable } from '@nestjs/common';
import type { CartSection, ProductView, QuotationState } from '@tuerca/contracts';
import { ChangeFeed, ContextDatabase, FeedCache, preparedRunner, type MaybeWritten, type PreparedRunner } from '@tuerca/platform';
import type { CachedRow } from './reference-answers.cache.js';
import { parseChangeNotice } from './change-notices.js';
import { toProductView, type Viewer } from './product-view.js';

interface PersonRow {
  generation: string;
  quotes: { p: string; id: string; s: QuotationState; n: number; x: string | null }[];
  cart: { p: string; s: CartSection }[];
}

/** What a person brings to a result list: their live quotations (the latest per product) and cart lines. */
export interface Person {
  quotes: Map<string, PersonRow['quotes'][number]>;
  cart: Map<string, CartSection>;
}

/**
 * hot path: the person's part of every cached read (part-number lookup, text search) and the read model's
 * generation, one statement run as a named prepared statement (parsed and planned once per connection): live
 * quotations (awaiting, not available, or available within their window; the latest per product) by
 * `quotations_person`, cart lines by the cart's (owner, section, product) key — a person has a handful of each.
 * Measured at scale 1 on a loaded machine (load-tests/marketplace-lookup.mjs, 16 connections): through Kysely and
 * the EntityManager 1,904 lookups a second, prepared 2,354.
 */
const PERSON_SQL = `
select g.generation::text as generation,
  coalesce((select json_agg(json_build_object('p', product_id, 'id', id, 's', state, 'n', quantity, 'x', window_expires_at))
    from (select distinct on (product_id) product_id, id, state, quantity, window_expires_at from quotations
          where user_id = $1 and (state in ('awaiting', 'not_available') or (state = 'available' and window_expires_at > $2))
          order by product_id, requested_at desc) q), '[]') as quotes,
  coalesce((select json_agg(json_build_object('p', product_id, 's', section))
    from (select distinct on (product_id) product_id, section from cart_items where owner = $3 order by product_id, section) c), '[]') as cart
from search_generation g where g.id = 1`;

/** What a cached read (lookup, text search) needs beside its shared answer: the read model's generation and the person. */
export interface PersonRead {
  generation: string;
  person: Person;
}

/** People whose part is kept per process (least recently used out first); a handful of rows each. */
export const MAX_KEPT_PEOPLE = 50_000;

interface KeptPerson extends PersonRead {
  /** When the first of the person's answered quotations closes its window (ms): the part changes by itself then. */
  until: number | null;
}

/** The person's part and the search read model's generation, in one round trip. */
async function readPerson(run: PreparedRunner, viewer: Viewer, now: Date): Promise<KeptPerson> {
  const [row] = await run<PersonRow>('marketplace_lookup_person', PERSON_SQL, [viewer.userId ?? '', now, viewer.owner]);
  const closes = row!.quotes.filter((q) => q.s === 'available' && q.x).map((q) => new Date(q.x!).getTime());
  return {
    generation: row!.generation,
    person: { quotes: new Map(row!.quotes.map((q) => [q.p, q])), cart: new Map(row!.cart.map((c) => [c.p, c.s])) },
    until: closes.length ? Math.min(...closes) : null,
  };
}

/**
 * The person's part and the read model's generation for every cached read, from memory while the marketplace's
 * change feed is trusted (issue 21: a cached lookup without a round trip): the generation as the triggers announce
 * it, a person's quotations and cart lines as read once and kept until a notice names the person (any write to
 * their cart lines or quotations, Migration015ChangeNotices) or the first of their open windows closes. The first
 * read of a person, and every read while the feed is not trusted, is the one statement above. A write committed
 * by this process is seen by its next read exactly (the feed's fence); one of another process as soon as its
 * notice arrives (ChangeFeed: milliseconds; at most FEED_HEARTBEAT_MS + FEED_TIMEOUT_MS if the session falls silent).
 */
@Injectable()
export class PersonParts {
  private readonly run: PreparedRunner;
  private readonly people: FeedCache<KeptPerson>;
  private generation: { value: bigint; epoch: number } | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    db: ContextDatabase,
    private readonly feed: ChangeFeed,
  ) {
    this.run = preparedRunner(db);
    this.people = new FeedCache<KeptPerson>(feed, MAX_KEPT_PEOPLE, (kept) => kept.until);
    feed.onReset(() => {
      this.generation = null;
    });
    feed.subscribe((payload) => {
      const notice = parseChangeNotice(payload);
      if (notice?.kind === 'generation') this.noteGeneration(notice.generation, this.feed.epoch);
      else if (notice?.kind === 'owner') {
        if (notice.owner === '*') this.people.clear();
        else this.people.drop(notice.owner);
      }
    });
  }

  /**
   * The generation and the person's part at `now` from memory, when the feed allows it without waiting (no promise on
   * the hot path); undefined: call `read`.
   */
  peek(viewer: Viewer, now: Date): PersonRead | undefined {
    this.starting ??= this.feed.start();
    if (this.feed.fresh() !== true) return undefined;
    const generation = this.generation;
    if (generation?.epoch !== this.feed.epoch) return undefined;
    const kept = this.people.peek(viewer.owner, now.getTime());
    return kept ? { generation: generation.value.toString(), person: kept.person } : undefined;
  }

  /** The generation and the person's part at `now`: from memory when the feed allows, else one statement. */
  async read(viewer: Viewer, now: Date): Promise<PersonRead> {
    // Heard from the first read on (a process that never serves a search never listens).
    this.starting ??= this.feed.start();
    if (await this.feed.fresh()) {
      const generation = this.generation;
      const kept = generation?.epoch === this.feed.epoch ? this.people.peek(viewer.owner, now.getTime()) : undefined;
      if (generation && kept) return { generation: generation.value.toString(), person: kept.person };
    }
    const epoch = this.feed.epoch;
    const read = await this.people.read(viewer.owner, () => readPerson(this.run, viewer, now));
    this.noteGeneration(BigInt(read.generation), epoch);
    return read;
  }

  /** Generations only move forward; one read in an older epoch says nothing about this one. */
  private noteGeneration(value: bigint, epoch: number): void {
    if (epoch !== this.feed.epoch) return;
    if (!this.generation || this.generation.epoch !== epoch || value > this.generation.value) this.generation = { value, epoch };
  }
}

/**
 * A cached row as this person reads it: the shared view (as written once) when they have no quotation (salesModel 3
 * only, as the spec's quotation flow) and no cart line on it; otherwise a view of their own with the same store rating.
 */
export function personalView(r: CachedRow, person: Person, now: Date): MaybeWritten<ProductView> {
  const quote = r.row.salesModel === 3 ? person.quotes.get(r.row.productId) : undefined;
  const cartSection = person.cart.get(r.row.productId) ?? null;
  if (!quote && !cartSection) return r.json;
  const view = toProductView(
    {
      ...r.row,
      quoteId: quote?.id ?? null,
      quoteState: quote?.s ?? null,
      quoteQuantity: quote?.n ?? null,
      quoteExpiresAt: quote?.x ? new Date(quote.x) : null,
      cartSection,
    },
    now,
    r.substitutionItem,
  );
  view.store.rating = r.view.store.rating;
  return view;
}
