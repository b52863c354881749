import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProductSnapshot } from '@tuerca/contracts';
import { pgTextArray } from '@tuerca/platform';

/**
 * The one statement that writes search rows from product snapshots (the ProductPublished /
 * ProductUpdated payload): the projection passes one, the demo seeder batches of a thousand. Store
 * fields come from the store's row; a product whose tombstone is newer, or whose row is newer, is left
 * as it is, so a late or repeated event changes nothing.
 */
const UPSERT = `
  with x as (
    select * from jsonb_to_recordset(?::jsonb) as x(
      id uuid, "storeId" uuid, title text, manufacturer_title text, descripcion text, observaciones text,
      referencia_1 text, referencia_2 text, referencia_3 text, inventario int, fecha_actualizacion timestamptz,
      "actualPrice" numeric, "hidePrices" boolean, "imagesURLs" jsonb, "productUrl" text, tiempos_de_entrega text,
      minimum_order_quantity int, "salesModel" smallint, "cartTypeBySaleModel" text, "quotationMaxQuantity" int,
      "remainingTime" int, "compatibleVehicles" jsonb, category text, "confirmProductInAPI" boolean, state text,
      "eventAt" timestamptz)
    where state <> 'deleted'
  ), rows as (
    select x.*, s.name, s.country, s.currency, s.is_virtual, s.path_prefix, s.logotype_url, s.show_store_logo_in_product,
      s.show_product_references, s.show_store_name_to_user, s.show_provider, s.provider_name, s.purchase_discount_rules,
      array(select distinct v->>'make' from jsonb_array_elements(x."compatibleVehicles") v) as makes,
      (select string_agg(concat_ws(' ', v->>'make', (select string_agg(m, ' ') from jsonb_array_elements_text(v->'full_models') m)), ' ')
         from jsonb_array_elements(x."compatibleVehicles") v) as vehicles_text
    from x join stores s on s.id = x."storeId"
    where not exists (select 1 from product_search_tombstones t where t.product_id = x.id and t.event_at >= x."eventAt")
  )
  insert into product_search (
    product_id, store_id, title, manufacturer_title, descripcion, observaciones, referencia_1, referencia_2, referencia_3,
    clean_reference_1, inventario, fecha_actualizacion, actual_price, hide_prices, images_urls, product_url,
    tiempos_de_entrega, minimum_order_quantity, sales_model, cart_type, quotation_max_quantity, remaining_time,
    compatible_vehicles, makes, category, confirm_product_in_api, store_name, store_country, currency, store_is_virtual,
    store_path_prefix, store_logo, show_store_logo, show_references, show_store_name, show_provider, provider_name,
    discount_rules, document, event_at)
  select r.id, r."storeId", r.title, r.manufacturer_title, r.descripcion, r.observaciones, r.referencia_1, r.referencia_2, r.referencia_3,
    regexp_replace(upper(public.unaccent(r.referencia_1)), '[^A-Z0-9]', '', 'g'), r.inventario, r.fecha_actualizacion, r."actualPrice",
    r."hidePrices", r."imagesURLs", r."productUrl", r.tiempos_de_entrega, r.minimum_order_quantity, r."salesModel",
    r."cartTypeBySaleModel", r."quotationMaxQuantity", r."remainingTime", r."compatibleVehicles", r.makes, r.category,
    r."confirmProductInAPI", r.name, r.country, r.currency, r.is_virtual, r.path_prefix, r.logotype_url,
    r.show_store_logo_in_product, r.show_product_references, r.show_store_name_to_user, r.show_provider, r.provider_name,
    r.purchase_discount_rules,
    setweight(to_tsvector('es_unaccent', r.title), 'A')
      || setweight(to_tsvector('es_unaccent', concat_ws(' ', r.manufacturer_title, r.category)), 'B')
      || setweight(to_tsvector('es_unaccent', concat_ws(' ', r.descripcion, r.observaciones)), 'C')
      || setweight(to_tsvector('es_unaccent', coalesce(r.vehicles_text, '')), 'D'),
    r."eventAt"
  from rows r
  on conflict (product_id) do update set
    store_id = excluded.store_id, title = excluded.title, manufacturer_title = excluded.manufacturer_title,
    descripcion = excluded.descripcion, observaciones = excluded.observaciones, referencia_1 = excluded.referencia_1,
    referencia_2 = excluded.referencia_2, referencia_3 = excluded.referencia_3, clean_reference_1 = excluded.clean_reference_1,
    inventario = excluded.inventario, fecha_actualizacion = excluded.fecha_actualizacion, actual_price = excluded.actual_price,
    hide_prices = excluded.hide_prices, images_urls = excluded.images_urls, product_url = excluded.product_url,
    tiempos_de_entrega = excluded.tiempos_de_entrega, minimum_order_quantity = excluded.minimum_order_quantity,
    sales_model = excluded.sales_model, cart_type = excluded.cart_type, quotation_max_quantity = excluded.quotation_max_quantity,
    remaining_time = excluded.remaining_time, compatible_vehicles = excluded.compatible_vehicles, makes = excluded.makes,
    category = excluded.category, confirm_product_in_api = excluded.confirm_product_in_api, store_name = excluded.store_name,
    store_country = excluded.store_country, currency = excluded.currency, store_is_virtual = excluded.store_is_virtual,
    store_path_prefix = excluded.store_path_prefix, store_logo = excluded.store_logo, show_store_logo = excluded.show_store_logo,
    show_references = excluded.show_references, show_store_name = excluded.show_store_name, show_provider = excluded.show_provider,
    provider_name = excluded.provider_name, discount_rules = excluded.discount_rules, document = excluded.document,
    event_at = excluded.event_at
  where product_search.event_at <= excluded.event_at
  returning product_id, referencia_1, referencia_2, referencia_3, title, manufacturer_title`;

/** Normalised references of a product: letters and digits, upper case (the catalogue's normalisation). */
const REFS = `
  insert into product_refs (ref, product_id)
  select distinct r, x.product_id from jsonb_to_recordset(?::jsonb) as x(product_id uuid, referencia_1 text, referencia_2 text, referencia_3 text),
    lateral unnest(array[x.referencia_1, x.referencia_2, x.referencia_3]) as raw,
    lateral regexp_replace(upper(public.unaccent(raw)), '[^A-Z0-9]', '', 'g') as r
  where raw is not null and r <> ''
  on conflict do nothing`;

/** Words of letters in titles and brands (accents and case folded), for correcting typos in text searches. */
const WORDS = `
  insert into search_words (word)
  select distinct w from jsonb_to_recordset(?::jsonb) as x(title text, manufacturer_title text),
    lateral regexp_split_to_table(lower(public.unaccent(concat_ws(' ', x.title, x.manufacturer_title))), '[^a-z0-9]+') as w
  where char_length(w) between 3 and 40 and w ~ '^[a-z]+$'
  on conflict do nothing`;

export type SnapshotAt = ProductSnapshot & { eventAt: string };

/** Writes (or rewrites) the search rows and reference index of these products; deleted ones are removed. */
export async function upsertSearchRows(em: EntityManager, snapshots: readonly SnapshotAt[]): Promise<number> {
  if (snapshots.length === 0) return 0;
  const deleted = snapshots.filter((s) => s.state === 'deleted');
  for (const d of deleted) await removeSearchRow(em, d.id, d.eventAt);
  const written = await em.execute<
    {
      product_id: string;
      referencia_1: string;
      referencia_2: string | null;
      referencia_3: string | null;
      title: string;
      manufacturer_title: string;
    }[]
  >(UPSERT, [JSON.stringify(snapshots)]);
  if (written.length === 0) return 0;
  const ids = written.map((w) => w.product_id);
  await em.execute(`delete from product_refs where product_id = any(?::uuid[])`, [pgTextArray(ids)]);
  await em.execute(REFS, [JSON.stringify(written)]);
  await em.execute(WORDS, [JSON.stringify(written)]);
  return written.length;
}

/** Removes a product from the results and remembers when, so older events cannot bring it back. */
export async function removeSearchRow(em: EntityManager, productId: string, eventAt: string): Promise<void> {
  await em.execute(`delete from product_search where product_id = ? and event_at <= ?`, [productId, eventAt]);
  await em.execute(
    `insert into product_search_tombstones (product_id, event_at) values (?, ?)
     on conflict (product_id) do update set event_at = greatest(product_search_tombstones.event_at, excluded.event_at)`,
    [productId, eventAt],
  );
}

/** Folds a store's current fields into its products' search rows (StoreUpdated). */
export async function refreshStoreInSearch(em: EntityManager, storeId: string): Promise<void> {
  await em.execute(
    `update product_search p set store_name = s.name, store_country = s.country, currency = s.currency,
       store_is_virtual = s.is_virtual, store_path_prefix = s.path_prefix, store_logo = s.logotype_url,
       show_store_logo = s.show_store_logo_in_product, show_references = s.show_product_references,
       show_store_name = s.show_store_name_to_user, show_provider = s.show_provider, provider_name = s.provider_name,
       discount_rules = s.purchase_discount_rules
     from stores s where s.id = ? and p.store_id = s.id`,
    [storeId],
  );
}
