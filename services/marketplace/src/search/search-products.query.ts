import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type RawBuilder } from 'kysely';
import { cleanReference, t, SEARCH_TEXT_MIN_LENGTH, type ProductSearchFilter, type ProductView } from '@tuerca/contracts';
import { Clock, ContextDatabase, ValidationError, kysely, likePattern, type MaybeWritten, type Window } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { withStoreRatings } from '../ratings/ratings.queries.js';
import { PersonParts, personalView } from './person-part.js';
import {
  PRODUCT_COLUMNS,
  PRODUCT_SELECT,
  availabilityTurnSql,
  personFreeSortGroupSql,
  personJoins,
  sortGroupSql,
  toProductView,
  unavailableSql,
  type ProductViewRow,
  type Viewer,
} from './product-view.js';
import { cachedRow } from './reference-answers.cache.js';
import { cleanSearchText, looksLikeReference, pageOfMatches, searchWords, tsQueryText, type MatchOrder } from './search.rules.js';
import { scopeSql } from './search-scope.js';
import { ProductsSearchRecorder } from './products-search-recorder.js';
import { TextAnswerCache, type TextAnswer } from './text-answers.cache.js';

type PersonFreeRow = Omit<ProductViewRow, 'quoteId' | 'quoteState' | 'quoteQuantity' | 'quoteExpiresAt' | 'cartSection'>;

export interface ProductSearchPage {
  /** A cached row that is the same for everyone is its JSON written once (`CachedRow.json`). */
  rows: MaybeWritten<ProductView>[];
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

/** The words and part number a request searches, cleaned and checked (null when it searches neither). */
interface Searched {
  kind: 'text' | 'reference';
  query: string;
  words: string[];
  reference: string | null;
}

@QueryHandler(SearchProducts)
export class SearchProductsHandler implements IQueryHandler<SearchProducts> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly searches: ProductsSearchRecorder,
    private readonly cache: TextAnswerCache,
    private readonly people: PersonParts,
  ) {}

  async execute({ filter, window, viewer }: SearchProducts): Promise<ProductSearchPage> {
    const started = Date.now();
    const now = this.clock.now();
    const searched = searchedOf(filter);
    const page = searched
      ? await this.searchPage(filter, searched, window, viewer, now)
      : await this.browsePage(filter, window, viewer, now);
    // The first page of a text or part-number search is one search for the analysts (the next pages are not).
    if (searched && window.offset === 0)
      this.searches.record(viewer, {
        kind: searched.kind,
        query: searched.query,
        country: filter.country ?? viewer.country,
        resultCount: page.total,
        started,
      });
    return page;
  }

  /**
   * A text or part-number search in two parts, as the part-number lookup (issue 21): every match in the order every
   * person shares, from the process's cache (TextAnswerCache: dropped by the first search after a change to the
   * search read model commits, and when the clock passes a match's 30 days); the person's quotations and cart, one
   * small read that also reads the generation; the page is the shared order with the person's quotation items moved
   * to their group (`pageOfMatches`), its rows read once per cached answer.
   */
  private async searchPage(filter: ProductSearchFilter, searched: Searched, window: Window, viewer: Viewer, now: Date) {
    const { generation, person } = await this.people.read(viewer, now);
    const key = JSON.stringify([
      searched.words,
      searched.reference,
      filter.pathPrefix ?? null,
      filter.country ?? viewer.country,
      filter.storeId ?? null,
      filter.manufacturer_title ?? null,
      filter.category ?? null,
      filter.make ?? null,
      filter.salesModel ?? null,
      filter.onlyAvailable ?? false,
    ]);
    const answer = await this.cache.answer(key, generation, now, () => this.readMatches(filter, searched, viewer, now, generation));
    const ids = pageOfMatches(answer.order, answer.index, person.quotes, window.offset, window.limit).map((i) => answer.order.ids[i]!);
    const missing = ids.filter((id) => !answer.rows.has(id));
    if (missing.length > 0) await this.readRows(answer, missing, now);
    const rows: MaybeWritten<ProductView>[] = [];
    for (const id of ids) {
      const row = answer.rows.get(id);
      // A product removed since the matches were read (the next search reads them again) is left out.
      if (row) rows.push(personalView(row, person, now));
    }
    return { rows, total: answer.order.ids.length, corrected: answer.corrected };
  }

  /** Every match of a search in the order every person shares, read at `now` and `generation`. */
  private async readMatches(
    filter: ProductSearchFilter,
    searched: Searched,
    viewer: Viewer,
    now: Date,
    generation: string,
  ): Promise<TextAnswer> {
    const words = searched.words.length > 0 ? await this.correctWords(searched.words) : [];
    const corrected = words.join(' ') !== searched.words.join(' ') ? words.join(' ') : null;
    const { clause, rank } = whereOf(filter, viewer, words, searched.reference, now);
    // hot path: on a cache miss, one pass over the matches gives each its shared sort keys, sorted once and sent as one
    // text (a row per match costs more to parse in Node than to sort). The same pass as the uncached search's, without
    // the person's joins nor the page's wide rows. turnsAt: the first moment after `now` a match passes 30 days.
    const { rows } = await sql<{ turnsAt: Date | string | null; matches: string | null }>`
      select min(m.turn) as "turnsAt",
        string_agg(m.g || ' ' || m.r || ' ' || m.price || ' ' || m.product_id, ',' order by m.g, m.r desc, m.price, m.product_id) as matches
      from (
        select p.product_id, ${personFreeSortGroupSql(now)} as g, ${rank}::float8 as r, p.actual_price::float8 as price,
          ${availabilityTurnSql(now)} as turn
        from product_search p
        where ${clause}
      ) m`.execute(kysely<MarketplaceDB>(this.db.em()));
    const matches = rows[0]?.matches ? rows[0].matches.split(',') : [];
    const order: MatchOrder = {
      ids: new Array<string>(matches.length),
      groups: new Uint8Array(matches.length),
      ranks: new Float64Array(matches.length),
      prices: new Float64Array(matches.length),
    };
    const index = new Map<string, number>();
    matches.forEach((m, i) => {
      const [g, r, price, id] = m.split(' ');
      order.ids[i] = id!;
      order.groups[i] = Number(g);
      order.ranks[i] = Number(r);
      order.prices[i] = Number(price);
      index.set(id!, i);
    });
    const turnsAt = rows[0]?.turnsAt ? new Date(rows[0].turnsAt).getTime() : null;
    return { generation, readAt: now.getTime(), turnsAt, corrected, order, index, rows: new Map() };
  }

  /** The search rows of a page not read yet for this answer, with their shared views and store ratings. */
  private async readRows(answer: TextAnswer, ids: string[], now: Date): Promise<void> {
    // hot path: a page's rows by primary key, once per cached answer and page (then served from memory), with the
    // column list the lookup's statement reads; the typed builder cannot take that aliased list.
    const found =
      await sql<PersonFreeRow>`select ${PRODUCT_COLUMNS} from product_search p where p.product_id = any(${ids}::uuid[])`.execute(
        kysely<MarketplaceDB>(this.db.em()),
      );
    const read = found.rows.map((r) => {
      const row: ProductViewRow = { ...r, quoteId: null, quoteState: null, quoteQuantity: null, quoteExpiresAt: null, cartSection: null };
      return { row, view: toProductView(row, now) };
    });
    await withStoreRatings(
      this.db.em(),
      read.map((r) => r.view),
    );
    for (const r of read) answer.rows.set(r.row.productId, cachedRow(r.row, true, null, r.view));
  }

  /** A list without a searched text or part number (a store's or a category's products): read per request. */
  private async browsePage(filter: ProductSearchFilter, window: Window, viewer: Viewer, now: Date): Promise<ProductSearchPage> {
    const db = kysely<MarketplaceDB>(this.db.em());
    const { clause, rank } = whereOf(filter, viewer, [], null, now);
    // hot path: one pass over the matches gives their sort keys and the total (a window count over narrow rows), then
    // the page's rows in full — the text search's statement before its cache (p99 4–7 s → 94–108 ms at 20 req/s at
    // scale 100, load-tests/reports/marketplace-lookup.md). The matches have to be read to put the page in the
    // spec's per-person order.
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
    return {
      rows: await withStoreRatings(
        this.db.em(),
        rows.map((r) => toProductView(r, now)),
      ),
      total,
      corrected: null,
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

/** The searched text's words and part number of a filter, checked; null when it searches neither. */
function searchedOf(filter: ProductSearchFilter): Searched | null {
  let words: string[] = [];
  if (filter.search !== undefined && filter.search !== '') {
    const cleaned = cleanSearchText(filter.search);
    // spec 000 §9: "Search text minimum 3 characters."
    if (cleaned.replace(/ /g, '').length < SEARCH_TEXT_MIN_LENGTH) throw invalid('filter.search', 'search.minLength');
    words = searchWords(cleaned);
  }
  let reference: string | null = null;
  if (filter.reference) {
    reference = cleanReference(filter.reference);
    if (reference.length === 0) throw invalid('filter.reference', 'search.enterPartNumberShort');
  }
  if (words.length > 0) return { kind: 'text', query: words.join(' '), words, reference };
  if (reference !== null) return { kind: 'reference', query: reference, words, reference };
  return null;
}

/** The filter as a condition over `product_search p`, with the (corrected) words, and the relevance to order by. */
function whereOf(filter: ProductSearchFilter, viewer: Viewer, words: string[], reference: string | null, now: Date) {
  const where: RawBuilder<unknown>[] = [scopeSql({ pathPrefix: filter.pathPrefix ?? null, country: filter.country ?? viewer.country })];
  let rank: RawBuilder<unknown> = sql`0`;
  if (words.length > 0) {
    const text = tsQueryText(words);
    const refWords = words.filter(looksLikeReference).map((w) => likePattern(cleanReference(w), 'prefix'));
    where.push(
      refWords.length > 0
        ? sql`(p.document @@ to_tsquery('es_unaccent', ${text}) or exists (select 1 from product_refs r where r.product_id = p.product_id and r.ref like any(${refWords}::text[])))`
        : sql`p.document @@ to_tsquery('es_unaccent', ${text})`,
    );
    rank = sql`ts_rank(p.document, to_tsquery('es_unaccent', ${text}))`;
  }
  if (reference !== null)
    where.push(
      sql`exists (select 1 from product_refs r where r.product_id = p.product_id and r.ref like ${likePattern(reference, 'prefix')})`,
    );
  if (filter.storeId) where.push(sql`p.store_id = ${filter.storeId}`);
  if (filter.manufacturer_title) where.push(sql`lower(p.manufacturer_title) = lower(${filter.manufacturer_title})`);
  if (filter.category) where.push(sql`p.category = ${filter.category}`);
  if (filter.make) where.push(sql`p.makes @> array[${filter.make}]::text[]`);
  if (filter.salesModel) where.push(sql`p.sales_model = ${filter.salesModel}`);
  if (filter.onlyAvailable) where.push(sql`not ${unavailableSql(now)}`);
  return { clause: sql.join(where, sql` and `), rank };
}
