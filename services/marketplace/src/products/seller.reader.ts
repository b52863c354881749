import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { cleanReference, isAiAssignedEngine, type CompatibleVehicle } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError } from '@tuerca/platform';
import { cleanSearchText, searchWords, tsQueryText } from '../search/text-query.js';
import { PRODUCT_COLUMNS } from './products.service.js';
import type { ProductRecord } from './product.rules.js';

export type Facet = 'getMakesFilter' | 'getModelsFilter' | 'getBrandsFilter' | 'getGroupsFilter' | 'getBrandsAndGroupsFilter';

/** Reads of the store-management screens and the product filters. */
@Injectable()
export class SellerReader {
  constructor(private readonly db: ContextDatabase) {}

  private em(): EntityManager {
    return this.db.em() as EntityManager;
  }

  /** GET /{storeId}/countProductsOfStore. */
  async countOfStore(storeId: string): Promise<{ total: number; published: number; depleted: number }> {
    const [row] = await this.em().execute<{ published: string; depleted: string }[]>(
      `select count(*) filter (where state = 'published') as published, count(*) filter (where state = 'depleted') as depleted
       from products where store_id = ? and state <> 'deleted'`,
      [storeId],
    );
    const published = Number(row?.published ?? 0);
    const depleted = Number(row?.depleted ?? 0);
    return { total: published + depleted, published, depleted };
  }

  /** GET resultProducts: the store's products for its sellers (published and depleted), newest change first. */
  async storeProducts(
    storeId: string,
    filter: { search?: string; state?: 'published' | 'depleted'; reference?: string },
    page: { page: number; pageSize: number },
  ): Promise<{ rows: ProductRecord[]; total: number }> {
    const where = [`store_id = ?`, `state <> 'deleted'`];
    const params: unknown[] = [storeId];
    if (filter.state) {
      where.push(`state = ?`);
      params.push(filter.state);
    }
    if (filter.reference) {
      const ref = cleanReference(filter.reference);
      where.push(`(clean_reference_1 like ? or clean_reference_2 like ? or clean_reference_3 like ?)`);
      params.push(`${ref}%`, `${ref}%`, `${ref}%`);
    }
    if (filter.search) {
      const words = searchWords(cleanSearchText(filter.search));
      if (words.length > 0) {
        where.push(`to_tsvector('es_unaccent', title || ' ' || manufacturer_title || ' ' || referencia_1) @@ to_tsquery('es_unaccent', ?)`);
        params.push(tsQueryText(words));
      }
    }
    const clause = where.join(' and ');
    const [count] = await this.em().execute<{ n: string }[]>(`select count(*) as n from products where ${clause}`, params);
    const rows = await this.em().execute<ProductRecord[]>(
      `select ${PRODUCT_COLUMNS} from products where ${clause} order by updated_at desc, id limit ? offset ?`,
      [...params, page.pageSize, page.page * page.pageSize],
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** GET checkIfTheProductExist: the store's product with this reference (and brand, when given). */
  async exists(storeId: string, reference: string, brand: string | undefined): Promise<{ exists: boolean; productId: string | null }> {
    const [row] = await this.em().execute<{ id: string }[]>(
      `select id from products where store_id = ? and clean_reference_1 = ? and (?::text is null or lower(manufacturer_title) = lower(?)) and state <> 'deleted' limit 1`,
      [storeId, cleanReference(reference), brand ?? null, brand ?? null],
    );
    return { exists: Boolean(row), productId: row?.id ?? null };
  }

  /** The values of a results filter over visible products (optionally one store's, a make's or a text's). */
  async facet(name: Facet, filter: { storeId?: string; make?: string; search?: string }): Promise<unknown> {
    const where = ['true'];
    const params: unknown[] = [];
    if (filter.storeId) {
      where.push(`p.store_id = ?`);
      params.push(filter.storeId);
    } else where.push(`not p.store_is_virtual`);
    if (filter.make) {
      where.push(`p.makes @> array[?]::text[]`);
      params.push(filter.make);
    }
    if (filter.search) {
      const words = searchWords(cleanSearchText(filter.search));
      if (words.length > 0) {
        where.push(`p.document @@ to_tsquery('es_unaccent', ?)`);
        params.push(tsQueryText(words));
      }
    }
    const clause = where.join(' and ');
    const em = this.em();
    const counted = async (expr: string, from = 'product_search p') =>
      em
        .execute<{ value: string; count: string }[]>(
          `select ${expr} as value, count(*) as count from ${from} where ${clause} group by 1 having ${expr} is not null order by count(*) desc, 1 limit 200`,
          params,
        )
        .then((rows) => rows.map((r) => ({ value: r.value, count: Number(r.count) })));
    switch (name) {
      case 'getMakesFilter':
        return counted('m', 'product_search p, unnest(p.makes) m');
      case 'getModelsFilter':
        return counted(
          `md`,
          `product_search p, jsonb_array_elements(p.compatible_vehicles) v, jsonb_array_elements_text(v->'full_models') md`,
        );
      case 'getBrandsFilter':
        return counted('p.manufacturer_title');
      case 'getGroupsFilter':
        return counted('p.category');
      case 'getBrandsAndGroupsFilter':
        return { brands: await counted('p.manufacturer_title'), groups: await counted('p.category') };
    }
  }

  /** GET getMarketPrices: what sellers ask for this part number, per currency (published, in stock). */
  async marketPrices(
    reference: string,
  ): Promise<{ reference: string; prices: { currency: string; min: number; max: number; average: number; offers: number }[] }> {
    const ref = cleanReference(reference);
    const rows = await this.em().execute<{ currency: string; min: string; max: string; avg: string; n: string }[]>(
      `select p.currency, min(p.actual_price) as min, max(p.actual_price) as max, round(avg(p.actual_price), 2) as avg, count(*) as n
       from product_refs r join product_search p on p.product_id = r.product_id
       where r.ref = ? and p.inventario >= 1 and not p.hide_prices group by p.currency order by p.currency`,
      [ref],
    );
    return {
      reference: ref,
      prices: rows.map((r) => ({
        currency: r.currency,
        min: Number(r.min),
        max: Number(r.max),
        average: Number(r.avg),
        offers: Number(r.n),
      })),
    };
  }

  /** POST updateProductVisits. */
  async countVisit(productId: string): Promise<{ visits: number }> {
    const [row] = await this.em().execute<{ visits: number }[]>(
      `update products set visits = visits + 1 where id = ? and state <> 'deleted' returning visits`,
      [productId],
    );
    if (!row) throw new NotFoundError();
    return { visits: row.visits };
  }

  /**
   * GET /{id}/getCompatibleVehicles: by make, with full models, years and engines; engines ending in the
   * AI suffix are marked (spec 000 §3).
   */
  async compatibleVehicles(
    productId: string,
  ): Promise<{ make: string; full_models: string[]; years: number[]; engines: { engine: string; assignedByAi: boolean }[] }[]> {
    const [row] = await this.em().execute<{ compatible_vehicles: CompatibleVehicle[] }[]>(
      `select compatible_vehicles from product_search where product_id = ?`,
      [productId],
    );
    if (!row) throw new NotFoundError();
    return row.compatible_vehicles.map((v) => ({
      make: v.make,
      full_models: v.full_models,
      years: [...v.years].sort((a, b) => a - b),
      engines: v.engines.map((engine) => ({ engine, assignedByAi: isAiAssignedEngine(engine) })),
    }));
  }

  /**
   * GET getAverageQuality: how complete the store's product information is (0–100): images,
   * description, compatible vehicles, category and delivery time weigh equally.
   */
  async quality(storeId: string | null): Promise<{
    products: number;
    averageQuality: number;
    withImages: number;
    withDescription: number;
    withCompatibility: number;
    withCategory: number;
    withDeliveryTime: number;
  }> {
    const [row] = await this.em().execute<Record<string, string>[]>(
      `select count(*) as n,
         count(*) filter (where jsonb_array_length(images_urls) > 0) as images,
         count(*) filter (where char_length(descripcion) >= 20) as description,
         count(*) filter (where jsonb_array_length(compatible_vehicles) > 0) as compatibility,
         count(*) filter (where category is not null) as category,
         count(*) filter (where tiempos_de_entrega <> '') as delivery
       from products where state <> 'deleted' and (?::uuid is null or store_id = ?::uuid)`,
      [storeId, storeId],
    );
    const n = Number(row?.n ?? 0);
    const part = (k: string) => Number(row?.[k] ?? 0);
    const score =
      n === 0
        ? 0
        : Math.round(
            ((part('images') + part('description') + part('compatibility') + part('category') + part('delivery')) / (5 * n)) * 100,
          );
    return {
      products: n,
      averageQuality: score,
      withImages: part('images'),
      withDescription: part('description'),
      withCompatibility: part('compatibility'),
      withCategory: part('category'),
      withDeliveryTime: part('delivery'),
    };
  }

  /** GET vehicleCompatibilitiesIndicator. */
  async compatibilityIndicator(storeId: string | null): Promise<{ total: number; withCompatibility: number; percentage: number }> {
    const q = await this.quality(storeId);
    return {
      total: q.products,
      withCompatibility: q.withCompatibility,
      percentage: q.products === 0 ? 0 : Math.round((q.withCompatibility / q.products) * 100),
    };
  }

  /** GET downloadSuggestions: a CSV of the store's products that lack information, with what to add. */
  async suggestionsCsv(storeId: string | null): Promise<string> {
    const rows = await this.em().execute<{ referencia_1: string; manufacturer_title: string; title: string; missing: string[] }[]>(
      `select referencia_1, manufacturer_title, title, array_remove(array[
           case when jsonb_array_length(images_urls) = 0 then 'Agregar imágenes' end,
           case when char_length(descripcion) < 20 then 'Completar la descripción' end,
           case when jsonb_array_length(compatible_vehicles) = 0 then 'Agregar vehículos compatibles' end,
           case when category is null then 'Elegir una categoría' end,
           case when tiempos_de_entrega = '' then 'Indicar el tiempo de entrega' end], null) as missing
       from products where state <> 'deleted' and (?::uuid is null or store_id = ?::uuid)
       order by referencia_1 limit 50000`,
      [storeId, storeId],
    );
    const cell = (v: string) => (/[",\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = ['Número de parte,Marca,Producto,Sugerencias'];
    for (const r of rows)
      if (r.missing.length > 0) lines.push([r.referencia_1, r.manufacturer_title, r.title, r.missing.join('; ')].map(cell).join(','));
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }
}
