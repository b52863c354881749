import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  cleanReference,
  t,
  SEARCH_TEXT_MIN_LENGTH,
  type ProductSearchFilter,
  type ProductView,
  type SearchByReferenceResult,
} from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, ValidationError, pgTextArray } from '@tuerca/platform';
import { PERSON_JOINS, PRODUCT_SELECT, SORT_GROUP, personParams, toProductView, type ProductRow, type Reader } from './product-view.js';
import { cleanSearchText, looksLikeReference, searchWords, tsQueryText } from './text-query.js';

/** Results of one reference lookup are capped: a part number has a handful of sellers, not thousands. */
export const MAX_LOOKUP_RESULTS = 100;
/**
 * Cross-references followed per lookup, each way. A few aftermarket numbers (bulbs, plug codes) fit
 * thousands of OEM numbers; past this many the substitutes are a list nobody reads and the lookup slows.
 */
export const MAX_CROSS_REFERENCES = 200;
/** Substitutes shown per lookup (the cheapest available first). */
export const MAX_SUBSTITUTES = 40;

interface Scope {
  /** Virtual store the person browses (its path prefix), or the marketplace when null. */
  pathPrefix: string | null;
  /** The person's country: the marketplace shows its stores (one currency per result list). */
  country: 'CO' | 'MX';
}

/** The store scope of a read: a virtual store's own products, or the marketplace (virtual stores' products stay in their stores). */
function scopeClause(scope: Scope): { sql: string; params: unknown[] } {
  return scope.pathPrefix
    ? { sql: `p.store_path_prefix = ?`, params: [scope.pathPrefix] }
    : { sql: `not p.store_is_virtual and p.store_country = ?`, params: [scope.country] };
}

@Injectable()
export class SearchReader {
  constructor(private readonly db: ContextDatabase) {}

  private em(): EntityManager {
    return this.db.em() as EntityManager;
  }

  /**
   * GET /catalogo/products/searchProductByReference: sellers' products with the reference (any of their
   * three references, normalised), and sellers' products whose reference is a cross-reference of it,
   * each with the cross-reference's type and way; both in the spec's order, per person.
   */
  async byReference(reference: string, reader: Reader, scope: Scope): Promise<SearchByReferenceResult & { reference: string }> {
    const ref = cleanReference(reference);
    if (ref.length === 0)
      throw new ValidationError([t('search.enterPartNumberShort')], [{ path: 'reference', message: t('search.enterPartNumberShort') }]);
    const where = scopeClause(scope);
    const rows = await this.em().execute<
      (ProductRow & { x_ref: string | null; x_manufacturer: string | null; x_type: string | null; x_way: string | null; direct: boolean })[]
    >(
      `with subs as (
         (select part as ref, part_formatted as formatted, part_manufacturer as manufacturer, type, way
          from cross_references where oem = ? order by part limit ${MAX_CROSS_REFERENCES})
         union all
         (select oem, oem_formatted, oem_manufacturer, type, case way when 'forward' then 'backward' when 'backward' then 'forward' else way end
          from cross_references where part = ? order by oem limit ${MAX_CROSS_REFERENCES})
       ), wanted as (
         select ?::text as ref, null::text as formatted, null::text as manufacturer, null::text as type, null::text as way, true as direct
         union all
         (select distinct on (ref) ref, formatted, manufacturer, type, way, false from subs where ref <> ? order by ref, type)
       ), hits as (
         select distinct on (r.product_id) r.product_id, w.* from wanted w join product_refs r on r.ref = w.ref
         order by r.product_id, w.direct desc
       ), candidates as (
         -- The person-agnostic order first (direct, available, price), so the per-person joins read only what
         -- can be shown; the person's quotations only reorder available quotation items among themselves.
         select h.formatted, h.manufacturer, h.type, h.way, h.direct, p.*, not (p.inventario >= 1 and (p.store_is_virtual or p.fecha_actualizacion >= ?::timestamptz - interval '30 days')) as unavailable
         from hits h join product_search p on p.product_id = h.product_id
         where ${where.sql}
         order by h.direct desc, unavailable, p.actual_price, p.product_id
         limit ${MAX_LOOKUP_RESULTS + MAX_SUBSTITUTES}
       )
       select ${PRODUCT_SELECT}, p.formatted as x_ref, p.manufacturer as x_manufacturer, p.type as x_type, p.way as x_way, p.direct,
         ${SORT_GROUP} as sort_group
       from candidates p
       ${PERSON_JOINS}
       order by p.direct desc, sort_group, p.actual_price, p.title, p.product_id`,
      [ref, ref, ref, ref, reader.now, ...where.params, reader.now, ...personParams(reader)],
    );
    const products: ProductView[] = [];
    const productSubstitutions: ProductView[] = [];
    for (const row of rows) {
      if (row.direct) products.push(toProductView(row, reader));
      else if (productSubstitutions.length < MAX_SUBSTITUTES)
        productSubstitutions.push(
          toProductView(row, reader, {
            reference: row.x_ref ?? row.referencia_1,
            manufacturer: row.x_manufacturer ?? '',
            type: row.x_type ?? '',
            way: row.x_way ?? '',
          }),
        );
    }
    // spec 000 §2: the Sustituciones tab is hidden when showSubstitutions is false, or in a virtual store that hides references.
    const hidesReferences = scope.pathPrefix !== null && (await this.storeHidesReferences(scope.pathPrefix));
    return {
      reference: ref,
      products,
      productSubstitutions: hidesReferences ? [] : productSubstitutions,
      showSubstitutions: !hidesReferences && productSubstitutions.length > 0,
    };
  }

  private async storeHidesReferences(pathPrefix: string): Promise<boolean> {
    const [store] = await this.em().execute<{ hides: boolean }[]>(
      `select is_virtual and not show_product_references as hides from stores where path_prefix = ?`,
      [pathPrefix],
    );
    return store?.hides ?? false;
  }

  /**
   * GET /catalogo/products: text (Spanish stemming, accents and case folded, the last word as a prefix,
   * unknown words corrected to the nearest known word) and part-number prefix search, with filters; in
   * the spec's order per person, then by relevance and price.
   */
  async search(
    filter: ProductSearchFilter,
    page: { page: number; pageSize: number },
    reader: Reader,
  ): Promise<{ rows: ProductView[]; total: number; corrected: string | null }> {
    const em = this.em();
    const where: string[] = [];
    const params: unknown[] = [];
    let rank = '0';
    const rankParams: unknown[] = [];
    let corrected: string | null = null;
    const scope = scopeClause({ pathPrefix: filter.pathPrefix ?? null, country: filter.country ?? reader.country });
    where.push(scope.sql);
    params.push(...scope.params);

    if (filter.search !== undefined && filter.search !== '') {
      const cleaned = cleanSearchText(filter.search);
      // spec 000 §9: "Search text minimum 3 characters."
      if (cleaned.replace(/ /g, '').length < SEARCH_TEXT_MIN_LENGTH)
        throw new ValidationError([t('search.minLength')], [{ path: 'filter.search', message: t('search.minLength') }]);
      const words = await this.correctWords(em, searchWords(cleaned));
      if (words.join(' ') !== searchWords(cleaned).join(' ')) corrected = words.join(' ');
      const refWords = words.filter(looksLikeReference).map(cleanReference);
      const text = tsQueryText(words);
      if (refWords.length > 0) {
        where.push(
          `(p.document @@ to_tsquery('es_unaccent', ?) or exists (select 1 from product_refs r where r.product_id = p.product_id and r.ref like any(?::text[])))`,
        );
        params.push(text, pgTextArray(refWords.map((w) => `${w}%`)));
      } else {
        where.push(`p.document @@ to_tsquery('es_unaccent', ?)`);
        params.push(text);
      }
      rank = `ts_rank(p.document, to_tsquery('es_unaccent', ?))`;
      rankParams.push(text);
    }
    if (filter.reference) {
      const ref = cleanReference(filter.reference);
      if (ref.length === 0)
        throw new ValidationError(
          [t('search.enterPartNumberShort')],
          [{ path: 'filter.reference', message: t('search.enterPartNumberShort') }],
        );
      where.push(`exists (select 1 from product_refs r where r.product_id = p.product_id and r.ref like ?)`);
      params.push(`${ref.replace(/[%_]/g, '')}%`);
    }
    if (filter.storeId) {
      where.push(`p.store_id = ?`);
      params.push(filter.storeId);
    }
    if (filter.manufacturer_title) {
      where.push(`lower(p.manufacturer_title) = lower(?)`);
      params.push(filter.manufacturer_title);
    }
    if (filter.category) {
      where.push(`p.category = ?`);
      params.push(filter.category);
    }
    if (filter.make) {
      where.push(`p.makes @> array[?]::text[]`);
      params.push(filter.make);
    }
    if (filter.salesModel) {
      where.push(`p.sales_model = ?`);
      params.push(filter.salesModel);
    }
    if (filter.onlyAvailable) {
      where.push(`p.inventario >= 1 and (p.store_is_virtual or p.fecha_actualizacion >= ?::timestamptz - interval '30 days')`);
      params.push(reader.now);
    }
    const clause = where.join(' and ');
    // One pass over the matches: their sort keys and the total (a window count over narrow rows), then
    // the page's rows in full. The matches have to be read anyway to put the page in the spec's order.
    const rows = await em.execute<(ProductRow & { full_count: string })[]>(
      `with page as (
         select p.product_id, ${SORT_GROUP} as sort_group, ${rank} as rank, p.actual_price, count(*) over () as full_count
         from product_search p
         ${PERSON_JOINS}
         where ${clause}
         order by sort_group, rank desc, p.actual_price, p.product_id
         limit ? offset ?
       )
       select ${PRODUCT_SELECT}, pg.full_count
       from page pg join product_search p on p.product_id = pg.product_id
       ${PERSON_JOINS}
       order by pg.sort_group, pg.rank desc, pg.actual_price, pg.product_id`,
      [reader.now, ...rankParams, ...personParams(reader), ...params, page.pageSize, page.page * page.pageSize, ...personParams(reader)],
    );
    let total = Number(rows[0]?.full_count ?? 0);
    if (rows.length === 0 && page.page > 0) {
      // Past the last page: the window had no row to carry the total.
      const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from product_search p where ${clause}`, params);
      total = Number(count?.n ?? 0);
    }
    return { rows: rows.map((r) => toProductView(r, reader)), total, corrected };
  }

  /** Typo tolerance: a word no title or brand contains (nor starts with) becomes the most similar known word, if any is close. */
  private async correctWords(em: EntityManager, words: string[]): Promise<string[]> {
    if (words.length === 0) return words;
    const rows = await em.execute<{ i: number; word: string | null }[]>(
      `select w.i, case
           when exists (select 1 from search_words s where s.word >= w.word and s.word <= w.word || repeat('z', 41)) then w.word
           when char_length(w.word) < 4 or w.word ~ '[0-9]' then w.word
           else (select s.word from search_words s where s.word operator(public.%) w.word
                 order by s.word operator(public.<->) w.word, s.word limit 1)
         end as word
       from unnest(?::text[]) with ordinality as w(word, i)`,
      [pgTextArray(words)],
    );
    return rows.sort((a, b) => Number(a.i) - Number(b.i)).map((r, i) => r.word ?? words[i]!);
  }

  /** One product as the result shows it (GET /catalogo/products/{id}); deleted or unknown: 404. */
  async byId(id: string, reader: Reader): Promise<ProductView> {
    const [row] = await this.em().execute<ProductRow[]>(
      `select ${PRODUCT_SELECT} from product_search p ${PERSON_JOINS} where p.product_id = ?`,
      [...personParams(reader), id],
    );
    if (!row) throw new NotFoundError(t('availability.productNotAvailable'));
    return toProductView(row, reader);
  }

  /** POST getProducts: these products as the results show them, in the order asked. */
  async byIds(ids: string[], reader: Reader): Promise<ProductView[]> {
    const rows = await this.em().execute<ProductRow[]>(
      `select ${PRODUCT_SELECT} from product_search p ${PERSON_JOINS} where p.product_id = any(?::uuid[])`,
      [...personParams(reader), pgTextArray(ids)],
    );
    const byId = new Map(rows.map((r) => [r.product_id, toProductView(r, reader)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** GET /catalogo/products/getProductDetailByUrl: the product page's address. */
  async byUrl(productUrl: string, reader: Reader): Promise<ProductView> {
    const [row] = await this.em().execute<ProductRow[]>(
      `select ${PRODUCT_SELECT} from product_search p ${PERSON_JOINS} where p.product_url = ?`,
      [...personParams(reader), productUrl],
    );
    if (!row) throw new NotFoundError(t('availability.productNotAvailable'));
    return toProductView(row, reader);
  }
}
