import type { CartSection, ProductView, QuotationState } from '@tuerca/contracts';
import type { PreparedRunner } from '@tuerca/platform';
import type { CachedRow } from './reference-answers.cache.js';
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

/** The person's part and the search read model's generation, in one round trip. */
export async function readPerson(run: PreparedRunner, viewer: Viewer, now: Date): Promise<{ generation: string; person: Person }> {
  const [row] = await run<PersonRow>('marketplace_lookup_person', PERSON_SQL, [viewer.userId ?? '', now, viewer.owner]);
  return {
    generation: row!.generation,
    person: { quotes: new Map(row!.quotes.map((q) => [q.p, q])), cart: new Map(row!.cart.map((c) => [c.p, c.s])) },
  };
}

/**
 * A cached row as this person reads it: the shared view when they have no quotation (salesModel 3 only, as the
 * spec's quotation flow) and no cart line on it; otherwise a view of their own with the same store rating.
 */
export function personalView(r: CachedRow, person: Person, now: Date): ProductView {
  const quote = r.row.salesModel === 3 ? person.quotes.get(r.row.productId) : undefined;
  const cartSection = person.cart.get(r.row.productId) ?? null;
  if (!quote && !cartSection) return r.view;
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
