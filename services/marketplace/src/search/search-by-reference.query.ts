import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { cleanReference, t, type ProductView, type SearchByReferenceResult } from '@tuerca/contracts';
import { Clock, ContextDatabase, ValidationError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { withStoreRatings } from '../ratings/ratings.queries.js';
import {
  PRODUCT_SELECT,
  personJoins,
  sortGroupSql,
  toProductView,
  unavailableSql,
  type ProductViewRow,
  type Viewer,
} from './product-view.js';
import { scopeSql, type SearchScope } from './search-scope.js';
import { ProductsSearchRecorder } from './products-search-recorder.js';

/** Results of one reference lookup are capped: a part number has a handful of sellers, not thousands. */
export const MAX_LOOKUP_RESULTS = 100;
/**
 * Cross-references followed per lookup, each way. A few aftermarket numbers (bulbs, plug codes) fit
 * thousands of OEM numbers; past this many the substitutes are a list nobody reads and the lookup slows.
 */
export const MAX_CROSS_REFERENCES = 200;
/** Substitutes shown per lookup (the cheapest available first). */
export const MAX_SUBSTITUTES = 40;

export type ReferenceLookup = SearchByReferenceResult & { reference: string };

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

type LookupRow = ProductViewRow & {
  xRef: string | null;
  xManufacturer: string | null;
  xType: string | null;
  xWay: string | null;
  direct: boolean;
};

@QueryHandler(SearchByReference)
export class SearchByReferenceHandler implements IQueryHandler<SearchByReference> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly searches: ProductsSearchRecorder,
  ) {}

  async execute({ reference, viewer, scope }: SearchByReference): Promise<ReferenceLookup> {
    const started = Date.now();
    const ref = cleanReference(reference);
    if (ref.length === 0)
      throw new ValidationError([t('search.enterPartNumberShort')], [{ path: 'reference', message: t('search.enterPartNumberShort') }]);
    const now = this.clock.now();
    const db = kysely<MarketplaceDB>(this.db.em());
    // hot path: the part-number lookup, tuned at scale 100 (load-tests/reports/marketplace-lookup.md): the
    // fan-out is capped at MAX_CROSS_REFERENCES each way through cross_references (part, oem), the rows that can
    // be shown are picked by a person-agnostic order before the per-person hash joins, and the answer is capped
    // — capacity 281–414 → 487–641 req/s at scale 100, p99 9.2–13.2 ms at 300 req/s at scale 1. One statement,
    // planned as a whole; the typed builder cannot express the capped union branches and DISTINCT ON together.
    const { rows } = await sql<LookupRow>`
      with subs as (
        (select part as ref, part_formatted as formatted, part_manufacturer as manufacturer, type, way
         from cross_references where oem = ${ref} order by part limit ${MAX_CROSS_REFERENCES})
        union all
        (select oem, oem_formatted, oem_manufacturer, type, case way when 'forward' then 'backward' when 'backward' then 'forward' else way end
         from cross_references where part = ${ref} order by oem limit ${MAX_CROSS_REFERENCES})
      ), wanted as (
        select ${ref}::text as ref, null::text as formatted, null::text as manufacturer, null::text as type, null::text as way, true as direct
        union all
        (select distinct on (ref) ref, formatted, manufacturer, type, way, false from subs where ref <> ${ref} order by ref, type)
      ), hits as (
        select distinct on (r.product_id) r.product_id, w.* from wanted w join product_refs r on r.ref = w.ref
        order by r.product_id, w.direct desc
      ), candidates as (
        select h.formatted, h.manufacturer, h.type, h.way, h.direct, p.*, ${unavailableSql(now)} as unavailable
        from hits h join product_search p on p.product_id = h.product_id
        where ${scopeSql(scope)}
        order by h.direct desc, unavailable, p.actual_price, p.product_id
        limit ${MAX_LOOKUP_RESULTS + MAX_SUBSTITUTES}
      )
      select ${PRODUCT_SELECT}, p.formatted as "xRef", p.manufacturer as "xManufacturer", p.type as "xType", p.way as "xWay", p.direct,
        ${sortGroupSql(now)} as sort_group
      from candidates p
      ${personJoins(viewer, now)}
      order by p.direct desc, sort_group, p.actual_price, p.title, p.product_id`.execute(db);
    const products: ProductView[] = [];
    const productSubstitutions: ProductView[] = [];
    for (const row of rows) {
      if (row.direct) products.push(toProductView(row, now));
      else if (productSubstitutions.length < MAX_SUBSTITUTES)
        productSubstitutions.push(
          toProductView(row, now, {
            reference: row.xRef ?? row.referencia1,
            manufacturer: row.xManufacturer ?? '',
            type: row.xType ?? '',
            way: row.xWay ?? '',
          }),
        );
    }
    // spec 000 §2: the Sustituciones tab is hidden when showSubstitutions is false, or in a virtual store that hides references.
    const hidesReferences = scope.pathPrefix !== null && (await this.storeHidesReferences(scope.pathPrefix));
    await withStoreRatings(this.db.em(), [...products, ...productSubstitutions]);
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
      productSubstitutions: hidesReferences ? [] : productSubstitutions,
      showSubstitutions: !hidesReferences && productSubstitutions.length > 0,
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
