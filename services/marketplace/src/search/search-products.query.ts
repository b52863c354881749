import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type RawBuilder } from 'kysely';
import { cleanReference, t, SEARCH_TEXT_MIN_LENGTH, type ProductSearchFilter, type ProductView } from '@tuerca/contracts';
import { Clock, ContextDatabase, ValidationError, kysely, likePattern, type Window } from '@tuerca/platform';
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
import { cleanSearchText, looksLikeReference, searchWords, tsQueryText } from './search.rules.js';
import { scopeSql } from './search-scope.js';
import { ProductsSearchRecorder } from './products-search-recorder.js';

export interface ProductSearchPage {
  rows: ProductView[];
  total: number;
  /** The words searched when some were corrected (typos), to say "mostrando resultados de ...". */
  corrected: string | null;
}

/**
 * GET /catalogo/products: text (Spanish stemming, accents and case folded, the last word as a prefix,
 * unknown words corrected to the nearest known word) and part-number prefix search, with filters; in the
 * spec's order per person, then by relevance and price.
 */
export class SearchProducts extends Query<ProductSearchPage> {
  constructor(
    readonly filter: ProductSearchFilter,
    readonly window: Window,
    readonly viewer: Viewer,
  ) {
    super();
  }
}

const invalid = (path: string, key: 'search.minLength' | 'search.enterPartNumberShort') =>
  new ValidationError([t(key)], [{ path, message: t(key) }]);

@QueryHandler(SearchProducts)
export class SearchProductsHandler implements IQueryHandler<SearchProducts> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly searches: ProductsSearchRecorder,
  ) {}

  async execute({ filter, window, viewer }: SearchProducts): Promise<ProductSearchPage> {
    const started = Date.now();
    const db = kysely<MarketplaceDB>(this.db.em());
    const now = this.clock.now();
    const where: RawBuilder<unknown>[] = [scopeSql({ pathPrefix: filter.pathPrefix ?? null, country: filter.country ?? viewer.country })];
    let rank: RawBuilder<unknown> = sql`0`;
    let corrected: string | null = null;
    let searched: { kind: 'text' | 'reference'; query: string } | null = null;

    if (filter.search !== undefined && filter.search !== '') {
      const cleaned = cleanSearchText(filter.search);
      // spec 000 §9: "Search text minimum 3 characters."
      if (cleaned.replace(/ /g, '').length < SEARCH_TEXT_MIN_LENGTH) throw invalid('filter.search', 'search.minLength');
      const typed = searchWords(cleaned);
      searched = { kind: 'text', query: typed.join(' ') };
      const words = await this.correctWords(typed);
      if (words.join(' ') !== typed.join(' ')) corrected = words.join(' ');
      const text = tsQueryText(words);
      const refWords = words.filter(looksLikeReference).map((w) => likePattern(cleanReference(w), 'prefix'));
      where.push(
        refWords.length > 0
          ? sql`(p.document @@ to_tsquery('es_unaccent', ${text}) or exists (select 1 from product_refs r where r.product_id = p.product_id and r.ref like any(${refWords}::text[])))`
          : sql`p.document @@ to_tsquery('es_unaccent', ${text})`,
      );
      rank = sql`ts_rank(p.document, to_tsquery('es_unaccent', ${text}))`;
    }
    if (filter.reference) {
      const ref = cleanReference(filter.reference);
      if (ref.length === 0) throw invalid('filter.reference', 'search.enterPartNumberShort');
      searched ??= { kind: 'reference', query: ref };
      where.push(sql`exists (select 1 from product_refs r where r.product_id = p.product_id and r.ref like ${likePattern(ref, 'prefix')})`);
    }
    if (filter.storeId) where.push(sql`p.store_id = ${filter.storeId}`);
    if (filter.manufacturer_title) where.push(sql`lower(p.manufacturer_title) = lower(${filter.manufacturer_title})`);
    if (filter.category) where.push(sql`p.category = ${filter.category}`);
    if (filter.make) where.push(sql`p.makes @> array[${filter.make}]::text[]`);
    if (filter.salesModel) where.push(sql`p.sales_model = ${filter.salesModel}`);
    if (filter.onlyAvailable) where.push(sql`not ${unavailableSql(now)}`);
    const clause = sql.join(where, sql` and `);

    // hot path: the text search, tuned at scale 100 (load-tests/reports/marketplace-lookup.md): one pass over
    // the matches gives their sort keys and the total (a window count over narrow rows), then the page's rows
    // in full — p99 4–7 s → 94–108 ms at 20 req/s at scale 100 (16–18 ms at scale 1). The matches have to be
    // read anyway to put the page in the spec's per-person order.
    const { rows } = await sql<ProductViewRow & { fullCount: string }>`
      with page as (
        select p.product_id, ${sortGroupSql(now)} as sort_group, ${rank} as rank, p.actual_price, count(*) over () as full_count
        from product_search p
        ${personJoins(viewer, now)}
        where ${clause}
        order by sort_group, rank desc, p.actual_price, p.product_id
        limit ${window.limit} offset ${window.offset}
      )
      select ${PRODUCT_SELECT}, pg.full_count as "fullCount"
      from page pg join product_search p on p.product_id = pg.product_id
      ${personJoins(viewer, now)}
      order by pg.sort_group, pg.rank desc, pg.actual_price, pg.product_id`.execute(db);
    let total = Number(rows[0]?.fullCount ?? 0);
    if (rows.length === 0 && window.offset > 0) {
      // Past the last page: the window had no row to carry the total.
      const count = await db
        .selectFrom('ProductSearch as p')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(clause as RawBuilder<boolean>)
        .executeTakeFirst();
      total = Number(count?.n ?? 0);
    }
    // The first page of a text or part-number search is one search for the analysts (the next pages are not).
    if (searched && window.offset === 0)
      this.searches.record(viewer, { ...searched, country: filter.country ?? viewer.country, resultCount: total, started });
    return {
      rows: await withStoreRatings(
        this.db.em(),
        rows.map((r) => toProductView(r, now)),
      ),
      total,
      corrected,
    };
  }

  /** Typo tolerance: a word no title or brand contains (nor starts with) becomes the most similar known word, if any is close. */
  private async correctWords(words: string[]): Promise<string[]> {
    if (words.length === 0) return words;
    // hot path: typo correction over letter words with a GiST trigram KNN index — 47 → 4 ms per search at
    // scale 100 (Migration003SearchTuning, load-tests/reports/marketplace-lookup.md); the typed builder cannot
    // order by the trigram distance operator of pg_trgm.
    const { rows } = await sql<{ i: string; word: string | null }>`
      select w.i, case
          when exists (select 1 from search_words s where s.word >= w.word and s.word <= w.word || repeat('z', 41)) then w.word
          when char_length(w.word) < 4 or w.word ~ '[0-9]' then w.word
          else (select s.word from search_words s where s.word operator(public.%) w.word
                order by s.word operator(public.<->) w.word, s.word limit 1)
        end as word
      from unnest(${words}::text[]) with ordinality as w(word, i)`.execute(kysely<MarketplaceDB>(this.db.em()));
    return rows.sort((a, b) => Number(a.i) - Number(b.i)).map((r, i) => r.word ?? words[i]!);
  }
}
