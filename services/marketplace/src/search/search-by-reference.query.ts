import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { cleanReference, t, type ProductView, type SearchByReferenceResult } from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  JsonText,
  ValidationError,
  kysely,
  preparedRunner,
  type MaybeWritten,
  type PreparedRunner,
} from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { withStoreRatings } from '../ratings/ratings.queries.js';
import { PRODUCT_COLUMNS_TEXT, toProductView, type ProductViewRow, type Viewer } from './product-view.js';
import { PersonParts, personalView } from './person-part.js';
import { ReferenceAnswerCache, cachedRow, type ReferenceAnswer } from './reference-answers.cache.js';
import { ProductsSearchRecorder } from './products-search-recorder.js';
import type { SearchScope } from './search-scope.js';

/** Results of one reference lookup are capped: a part number has a handful of sellers, not thousands. */
export const MAX_LOOKUP_RESULTS = 100;
/**
 * Cross-references followed per lookup, each way. A few aftermarket numbers (bulbs, plug codes) fit
 * thousands of OEM numbers; past this many the substitutes are a list nobody reads and the lookup slows.
 */
export const MAX_CROSS_REFERENCES = 200;
/** Substitutes shown per lookup (the cheapest available first). */
export const MAX_SUBSTITUTES = 40;

/** The answer, its rows shared by everyone as their JSON written once (`CachedRow.json`). */
export type ReferenceLookup = Omit<SearchByReferenceResult, 'products' | 'productSubstitutions'> & {
  reference: string;
  products: MaybeWritten<ProductView>[];
  productSubstitutions: MaybeWritten<ProductView>[];
};

/**
 * GET /catalogo/products/searchProductByReference: sellers' products with the reference (any of their three
 * references, normalised), and sellers' products whose reference is a cross-reference of it, each with the
 * cross-reference's type and way; both in the spec's order, per person.
 */
export class SearchByReference extends Query<ReferenceLookup> {
  constructor(
    readonly reference: string,
    readonly viewer: Viewer,
    readonly scope: SearchScope,
  ) {
    super();
  }
}

type PersonFreeRow = Omit<ProductViewRow, 'quoteId' | 'quoteState' | 'quoteQuantity' | 'quoteExpiresAt' | 'cartSection'> & {
  xRef: string | null;
  xManufacturer: string | null;
  xType: string | null;
  xWay: string | null;
  direct: boolean;
  turnsAt: Date | string | null;
};

/**
 * The answer of a reference ($1) in a scope ($3: a country's marketplace, or a virtual store's path prefix) at $2,
 * for everyone. Tuned at scale 100 (load-tests/reports/marketplace-lookup.md): the fan-out is capped at
 * MAX_CROSS_REFERENCES each way through cross_references (part, oem), the rows that can be shown are picked by a
 * person-agnostic order and the answer is capped. One statement, planned as a whole; the typed builder cannot express
 * the capped union branches and DISTINCT ON together. turnsAt: the first moment after $2 that a product in scope
 * passes 30 days without a stock update (spec 000 §4 availability).
 */
const answerSql = (scope: string) => `
  with subs as (
    (select part as ref, part_formatted as formatted, part_manufacturer as manufacturer, type, way
     from cross_references where oem = $1 order by part limit ${MAX_CROSS_REFERENCES})
    union all
    (select oem, oem_formatted, oem_manufacturer, type, case way when 'forward' then 'backward' when 'backward' then 'forward' else way end
     from cross_references where part = $1 order by oem limit ${MAX_CROSS_REFERENCES})
  ), wanted as (
    select $1::text as ref, null::text as formatted, null::text as manufacturer, null::text as type, null::text as way, true as direct
    union all
    (select distinct on (ref) ref, formatted, manufacturer, type, way, false from subs where ref <> $1 order by ref, type)
  ), hits as (
    select distinct on (r.product_id) r.product_id, w.* from wanted w join product_refs r on r.ref = w.ref
    order by r.product_id, w.direct desc
  ), candidates as (
    select h.formatted, h.manufacturer, h.type, h.way, h.direct, p.*,
      not (p.inventario >= 1 and (p.store_is_virtual or p.fecha_actualizacion >= $2::timestamptz - interval '30 days')) as unavailable,
      min(case when not p.store_is_virtual and p.inventario >= 1 and p.fecha_actualizacion + interval '30 days' >= $2::timestamptz
               then p.fecha_actualizacion + interval '30 days' end) over () as turns_at
    from hits h join product_search p on p.product_id = h.product_id
    where ${scope}
    order by h.direct desc, unavailable, p.actual_price, p.product_id
    limit ${MAX_LOOKUP_RESULTS + MAX_SUBSTITUTES}
  )
  select ${PRODUCT_COLUMNS_TEXT}, p.formatted as "xRef", p.manufacturer as "xManufacturer", p.type as "xType", p.way as "xWay", p.direct,
    p.turns_at as "turnsAt"
  from candidates p
  order by p.direct desc, p.actual_price, p.title, p.product_id`;
/** spec 000 §6 scopes (as `scopeSql`): the marketplace of a country shows no virtual store's products; a virtual store only its own. */
const ANSWER_IN_MARKET_SQL = answerSql(`not p.store_is_virtual and p.store_country = $3`);
const ANSWER_IN_STORE_SQL = answerSql(`p.store_path_prefix = $3`);

/**
 * The lookup in two parts (issue 21): the answer of a reference in a scope, the same for everyone, from the
 * process's cache (ReferenceAnswerCache: dropped by the first lookup after a change to the search read model
 * commits, and when the clock passes a product's 30 days); and the person's part, one small indexed read per
 * request that also reads the read model's generation — so a lookup answered from the cache is one round trip.
 */
@QueryHandler(SearchByReference)
export class SearchByReferenceHandler implements IQueryHandler<SearchByReference> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly cache: ReferenceAnswerCache,
    private readonly searches: ProductsSearchRecorder,
    private readonly people: PersonParts,
  ) {
    this.run = preparedRunner(db);
  }

  private readonly run: PreparedRunner;

  async execute({ reference, viewer, scope }: SearchByReference): Promise<ReferenceLookup> {
    const started = Date.now();
    const ref = cleanReference(reference);
    if (ref.length === 0)
      throw new ValidationError([t('search.enterPartNumberShort')], [{ path: 'reference', message: t('search.enterPartNumberShort') }]);
    const now = this.clock.now();
    // From memory without a promise when both parts are kept (a cached lookup), else read what is missing.
    const { generation, person } = this.people.peek(viewer, now) ?? (await this.people.read(viewer, now));
    const key = `${scope.pathPrefix === null ? `m:${scope.country}` : `v:${scope.pathPrefix}`}|${ref}`;
    const answer =
      this.cache.peek(key, generation, now) ??
      (await this.cache.answer(key, generation, now, () => this.readAnswer(ref, scope, now, generation)));

    // spec 000 §4: sale, order, quotation awaiting / without record / answered, unavailable last; within a group the
    // cached order (price, title, id). Only rows the person has a quotation or a cart line on get a view of their own.
    const order = answer.rows.map((r, i) => {
      const view = personalView(r, person, now);
      return { view, group: view instanceof JsonText ? r.view.sortGroup : view.sortGroup, direct: r.direct, i };
    });
    order.sort((a, b) => Number(b.direct) - Number(a.direct) || a.group - b.group || a.i - b.i);
    const products: MaybeWritten<ProductView>[] = [];
    const productSubstitutions: MaybeWritten<ProductView>[] = [];
    for (const { view, direct } of order) {
      if (direct) products.push(view);
      else if (productSubstitutions.length < MAX_SUBSTITUTES) productSubstitutions.push(view);
    }
    // For the analysts: a part number nobody sells (nor a substitute of it) is demand nobody meets yet.
    this.searches.record(viewer, {
      kind: 'reference',
      query: ref,
      country: scope.country,
      resultCount: products.length + productSubstitutions.length,
      started,
    });
    return {
      reference: ref,
      products,
      // spec 000 §2: the Sustituciones tab is hidden when showSubstitutions is false, or in a virtual store that hides references.
      productSubstitutions: answer.hidesReferences ? [] : productSubstitutions,
      showSubstitutions: !answer.hidesReferences && productSubstitutions.length > 0,
    };
  }

  /** The answer of a reference in a scope, for everyone, as read at `now` and `generation`. */
  private async readAnswer(ref: string, scope: SearchScope, now: Date, generation: string): Promise<ReferenceAnswer> {
    // hot path: the part-number lookup's answer on a cache miss, a named prepared statement per scope (parsed and
    // planned once per connection): planned per call it cost PostgreSQL 1.8–2.7 ms of planning for 0.6–4.7 ms of
    // execution (EXPLAIN ANALYZE of six references at scale 100, 2026-11-24); from Node, 1,200 references of scale 100
    // interleaved, 1.75 → 0.80 ms per statement (machine under load).
    const rows = await this.run<PersonFreeRow>(
      scope.pathPrefix === null ? 'marketplace_lookup_answer_market' : 'marketplace_lookup_answer_store',
      scope.pathPrefix === null ? ANSWER_IN_MARKET_SQL : ANSWER_IN_STORE_SQL,
      [ref, now, scope.pathPrefix ?? scope.country],
    );
    const read = rows.map((r) => {
      const row: ProductViewRow = { ...r, quoteId: null, quoteState: null, quoteQuantity: null, quoteExpiresAt: null, cartSection: null };
      const substitutionItem = r.direct
        ? null
        : { reference: r.xRef ?? r.referencia1, manufacturer: r.xManufacturer ?? '', type: r.xType ?? '', way: r.xWay ?? '' };
      return { row, direct: r.direct, substitutionItem, view: toProductView(row, now, substitutionItem) };
    });
    await withStoreRatings(
      this.db.em(),
      read.map((c) => c.view),
    );
    const cached = read.map((c) => cachedRow(c.row, c.direct, c.substitutionItem, c.view));
    const turnsAt = rows[0]?.turnsAt ? new Date(rows[0].turnsAt).getTime() : null;
    return {
      generation,
      readAt: now.getTime(),
      turnsAt,
      hidesReferences: scope.pathPrefix !== null && (await this.storeHidesReferences(scope.pathPrefix)),
      rows: cached,
    };
  }

  /** Whether the virtual store hides references, as its search rows carry it (a store without products shows no substitutes anyway). */
  private async storeHidesReferences(pathPrefix: string): Promise<boolean> {
    const row = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('ProductSearch')
      .select(['storeIsVirtual', 'showReferences'])
      .where('storePathPrefix', '=', pathPrefix)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row && row.storeIsVirtual && !row.showReferences);
  }
}
