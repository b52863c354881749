import type pg from 'pg';
import { cleanReference } from '@tuerca/contracts';
import {
  DEFAULT_SEED,
  demoPeople,
  marketplacePass,
  marketplaceStores,
  type DemoCrossReference,
  type DemoMarketplaceProduct,
} from '@tuerca/demo-data';
import { copyRows, withIndexesDeferred, type ContextDatabase } from '@tuerca/platform';
import { productUrlFor } from '../products/product.rules.js';

/** The marketplace's tables a seed writes (and a re-seed at another scale replaces). */
const TABLES = [
  'stores',
  'products',
  'product_search',
  'product_refs',
  'search_words',
  'product_search_tombstones',
  'cross_references',
  'quotations',
  'transactions',
  'transaction_lines',
  'transaction_payments',
  'cart_items',
  'service_order_prices',
  'transaction_returns',
  'transaction_notes',
  'advisers',
];

/**
 * The search read model of every visible product, set-based over products ⨝ stores: the same rows
 * upsertSearchRows (src/search/search-rows.ts) writes from the products' snapshots with eventAt =
 * updated_at, in three statements instead of a thousand round trips (seed-marketplace.int-spec.ts
 * proves the rows identical). Expects empty product_search, product_refs and search_words tables.
 */
export const SEARCH_ROWS_SQL = [
  `insert into product_search (
     product_id, store_id, title, manufacturer_title, descripcion, observaciones, referencia_1, referencia_2, referencia_3,
     clean_reference_1, inventario, fecha_actualizacion, actual_price, hide_prices, images_urls, product_url,
     tiempos_de_entrega, minimum_order_quantity, sales_model, cart_type, quotation_max_quantity, remaining_time,
     compatible_vehicles, makes, category, confirm_product_in_api, store_name, store_country, currency, store_is_virtual,
     store_path_prefix, store_logo, show_store_logo, show_references, show_store_name, show_provider, provider_name,
     discount_rules, document, event_at)
   select p.id, p.store_id, p.title, p.manufacturer_title, p.descripcion, p.observaciones, p.referencia_1, p.referencia_2, p.referencia_3,
     regexp_replace(upper(public.unaccent(p.referencia_1)), '[^A-Z0-9]', '', 'g'), p.inventario, p.fecha_actualizacion, p.actual_price,
     p.hide_prices, p.images_urls, p.product_url, p.tiempos_de_entrega, p.minimum_order_quantity, p.sales_model, p.cart_type,
     p.quotation_max_quantity, p.remaining_time, p.compatible_vehicles,
     array(select distinct v->>'make' from jsonb_array_elements(p.compatible_vehicles) v),
     p.category, p.confirm_product_in_api, s.name, s.country, s.currency, s.is_virtual, s.path_prefix, s.logotype_url,
     s.show_store_logo_in_product, s.show_product_references, s.show_store_name_to_user, s.show_provider, s.provider_name,
     s.purchase_discount_rules,
     setweight(to_tsvector('es_unaccent', p.title), 'A')
       || setweight(to_tsvector('es_unaccent', concat_ws(' ', p.manufacturer_title, p.category)), 'B')
       || setweight(to_tsvector('es_unaccent', concat_ws(' ', p.descripcion, p.observaciones)), 'C')
       || setweight(to_tsvector('es_unaccent', coalesce(
            (select string_agg(concat_ws(' ', v->>'make', (select string_agg(m, ' ') from jsonb_array_elements_text(v->'full_models') m)), ' ')
               from jsonb_array_elements(p.compatible_vehicles) v), '')), 'D'),
     p.updated_at
   from products p join stores s on s.id = p.store_id
   where p.state <> 'deleted'`,
  `insert into product_refs (ref, product_id)
   select distinct r, p.product_id from product_search p,
     lateral unnest(array[p.referencia_1, p.referencia_2, p.referencia_3]) as raw,
     lateral regexp_replace(upper(public.unaccent(raw)), '[^A-Z0-9]', '', 'g') as r
   where raw is not null and r <> ''
   on conflict do nothing`,
  `insert into search_words (word)
   select distinct w from product_search p,
     lateral regexp_split_to_table(lower(public.unaccent(concat_ws(' ', p.title, p.manufacturer_title))), '[^a-z0-9]+') as w
   where char_length(w) between 3 and 40 and w ~ '^[a-z]+$'
   on conflict do nothing`,
];

/** The products table's columns as a seed writes them, and a generated product's cells. */
const PRODUCT_COLUMNS = [
  'id',
  'store_id',
  'title',
  'manufacturer_title',
  'descripcion',
  'observaciones',
  'referencia_1',
  'referencia_2',
  'referencia_3',
  'clean_reference_1',
  'clean_reference_2',
  'clean_reference_3',
  'inventario',
  'fecha_actualizacion',
  'actual_price',
  'hide_prices',
  'images_urls',
  'product_url',
  'tiempos_de_entrega',
  'minimum_order_quantity',
  'sales_model',
  'cart_type',
  'quotation_max_quantity',
  'remaining_time',
  'compatible_vehicles',
  'category',
  'confirm_product_in_api',
  'state',
  'created_at',
  'updated_at',
];
const productCells = (p: DemoMarketplaceProduct) => [
  p.id,
  p.storeId,
  p.title,
  p.manufacturer_title,
  p.descripcion,
  p.observaciones,
  p.referencia_1,
  p.referencia_2,
  p.referencia_3,
  cleanReference(p.referencia_1),
  p.referencia_2 ? cleanReference(p.referencia_2) : null,
  p.referencia_3 ? cleanReference(p.referencia_3) : null,
  p.inventario,
  p.fecha_actualizacion,
  p.actualPrice,
  p.hidePrices,
  JSON.stringify(p.imagesURLs),
  productUrlFor(p, p.id),
  p.tiempos_de_entrega,
  p.minimum_order_quantity,
  p.salesModel,
  p.cartTypeBySaleModel,
  p.quotationMaxQuantity,
  p.remainingTime,
  JSON.stringify(p.compatibleVehicles),
  p.category,
  p.confirmProductInAPI,
  p.state,
  p.createdAt,
  p.updatedAt,
];

/** The tables a seed fills, whose indexes and keys are built once after the load rather than row by row. */
const XREF_LOAD_COLUMNS = ['oem', 'part', 'oem_formatted', 'oem_manufacturer', 'part_formatted', 'part_manufacturer', 'type', 'way', 'n'];
const xrefLoadCells = (x: DemoCrossReference, n: number) => [
  x.oemNormalized,
  x.part.oemNormalized,
  x.oem,
  x.manufacturer,
  x.part.formattedOem,
  x.part.manufacturer,
  x.type,
  x.way,
  n,
];
const BULK_TABLES = ['products', 'product_search', 'product_refs', 'search_words', 'cross_references'];

export interface SeedMarketplaceOptions {
  seed?: number;
  scale?: number;
  /** Stock dates are counted back from this time (default now), so most products are available when seeded. */
  now?: Date;
}

async function nativeClient(db: ContextDatabase): Promise<pg.PoolClient> {
  const pool = (await (db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> }).getNativeClient()) as pg.Pool;
  return pool.connect();
}

/**
 * Loads the demo marketplace into the marketplace's own tables in one transaction (nothing half-loaded):
 * stores and products streamed with COPY from the deterministic generator, the search read model built
 * set-based from them, and the catalogue's cross-references as the marketplace keeps them (COPY through a
 * staging table, deduplicated on the primary key by one sort). Idempotent: a marketplace already seeded at the same
 * seed and scale is kept, with whatever was done in it since; any other content of these tables —
 * including quotations, orders and carts — is replaced.
 */
export async function seedMarketplace(db: ContextDatabase, options: SeedMarketplaceOptions = {}): Promise<Record<string, number>> {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const now = options.now ?? new Date();
  const stores = marketplaceStores(seed, scale);
  const client = await nativeClient(db);
  try {
    // Seeded at this seed and scale: every store of this scale and none of the next one (stores added
    // through the application since do not count), and products.
    const beyond = marketplaceStores(seed, scale + 1)[stores.length]!.id;
    const [present] = (
      await client.query<{ matching: number; beyond: number; products: number }>(
        `select (select count(*)::int from stores where id = any($1::uuid[])) as matching,
           (select count(*)::int from stores where id = $2) as beyond, (select count(*)::int from products) as products`,
        [stores.map((s) => s.id), beyond],
      )
    ).rows;
    if (present!.matching === stores.length && present!.beyond === 0 && present!.products > 0)
      return { stores: stores.length, products: present!.products, skipped: 1 };

    await client.query('begin');
    await client.query(`truncate ${TABLES.join(', ')} cascade`);
    const counts: Record<string, number> = {};
    let mark = Date.now();
    const lap = (name: string) => {
      counts[`${name}Ms`] = Date.now() - mark;
      mark = Date.now();
    };
    counts.stores = await copyRows(
      client,
      'stores',
      [
        'id',
        'name',
        'country',
        'currency',
        'city',
        'is_virtual',
        'path_prefix',
        'logotype_url',
        'show_store_logo_in_product',
        'show_product_references',
        'show_store_name_to_user',
        'show_provider',
        'provider_name',
        'purchase_discount_rules',
        'minimum_purchase_value',
        'mobile',
      ],
      stores,
      (s) => [
        s.id,
        s.name,
        s.country,
        s.currency,
        s.city,
        s.isVirtual,
        s.pathPrefix,
        s.logotypeUrl,
        s.showStoreLogoInProduct,
        s.showProductReferences,
        s.showStoreNameToUser,
        s.showProvider,
        s.providerName,
        JSON.stringify(s.purchaseDiscountRules),
        s.minimumPurchaseValue,
        s.mobile,
      ],
    );
    // The demo advisers, as identity's UserRegistered would have announced them (the assignment picker's list).
    counts.advisers = await copyRows(
      client,
      'advisers',
      ['user_id', 'email', 'active', 'changed_at'],
      demoPeople(seed).filter((p) => p.roles.includes('adviser')),
      (a) => [a.id, a.email, true, now.toISOString()],
    );
    // One pass of the catalogue's generator gives the products and the cross-references (each pass draws
    // every number again): each platform's rows are buffered and written in COPY batches of a few thousand,
    // products to their table, cross-references to a staging table (numbered in the order generated).
    await client.query(`create temp table cross_references_load (like cross_references, n bigint not null) on commit drop`);
    counts.products = 0;
    counts.generateMs = 0;
    let staged = 0; // the cross-references' number in generated order
    const productRows: DemoMarketplaceProduct[] = [];
    const xrefRows: DemoCrossReference[] = [];
    const flush = async () => {
      counts.products! += await copyRows(client, 'products', PRODUCT_COLUMNS, productRows, productCells);
      await copyRows(client, 'cross_references_load', XREF_LOAD_COLUMNS, xrefRows, (x) => xrefLoadCells(x, staged++));
      productRows.length = 0;
      xrefRows.length = 0;
    };
    await withIndexesDeferred(client, BULK_TABLES, async () => {
      const pass = marketplacePass(seed, scale, { now });
      for (;;) {
        const started = Date.now();
        const next = pass.next();
        counts.generateMs! += Date.now() - started;
        if (next.done) break;
        for (const product of next.value.products) productRows.push(product);
        for (const x of next.value.crossReferences) xrefRows.push(x);
        if (productRows.length + xrefRows.length >= 20_000) await flush();
      }
      await flush();
      lap('productsAndCrossReferences');
      for (const [i, sql] of SEARCH_ROWS_SQL.entries()) {
        const name = ['searchRows', 'productRefs', 'searchWords'][i]!;
        counts[name] = (await client.query(sql)).rowCount ?? 0;
        lap(name);
      }
      // The catalogue's cross-references, keyed as the CrossReferencesPublished projection keys them
      // (normalised numbers; a part equal to its OEM number is left out; the first of duplicates kept, as
      // generated): one sort, no key probed row by row. Rows land in key order.
      // Hot path: the scale-100 load (8 M rows) took 30 min through `on conflict` on the indexed table; the
      // sort wants more than the default 4 MB of work_mem to stay off the disk.
      await client.query(`set local work_mem = '256MB'`);
      const xr = await client.query(
        `insert into cross_references (oem, part, oem_formatted, oem_manufacturer, part_formatted, part_manufacturer, type, way)
         select distinct on (oem, part, part_manufacturer)
           oem, part, oem_formatted, oem_manufacturer, part_formatted, part_manufacturer, type, way
         from cross_references_load where part <> oem
         order by oem, part, part_manufacturer, n`,
      );
      counts.crossReferences = xr.rowCount ?? 0;
      lap('crossReferences');
    });
    lap('indexes');
    await client.query('commit');
    for (const t of ['stores', 'products', 'product_search', 'product_refs', 'search_words', 'cross_references'])
      await client.query(`analyze ${t}`);
    lap('analyze');
    return counts;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
