import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { ProductSnapshot } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import type { StoreRecord } from '../stores/store.rules.js';
import { referenceKeys, searchWordsOf } from './search.rules.js';

export type SnapshotAt = ProductSnapshot & { eventAt: string };

/** Rows per insert (about 45 parameters a row, under PostgreSQL's 65,535). */
const BATCH = 1000;

/** The store fields a search row carries, by the search row's property names. */
function storeColumns(s: StoreRecord) {
  return {
    storeName: s.name,
    storeCountry: s.country,
    currency: s.currency,
    storeIsVirtual: s.isVirtual,
    storePathPrefix: s.pathPrefix ?? null,
    storeLogo: s.logotypeUrl ?? null,
    showStoreLogo: s.showStoreLogoInProduct,
    showReferences: s.showProductReferences,
    showStoreName: s.showStoreNameToUser,
    showProvider: s.showProvider,
    providerName: s.providerName ?? null,
    discountRules: s.purchaseDiscountRules,
  };
}

/**
 * The search row of a product snapshot and its store. The normalised reference, the makes and the weighted
 * Spanish document are computed by PostgreSQL with the same expressions as the demo seeder's set-based
 * statement (src/demo/seed-marketplace.ts), so both write identical rows.
 */
function searchRow(p: SnapshotAt, store: StoreRecord) {
  const vehicles = JSON.stringify(p.compatibleVehicles);
  return {
    productId: p.id,
    storeId: p.storeId,
    title: p.title,
    manufacturerTitle: p.manufacturer_title,
    descripcion: p.descripcion,
    observaciones: p.observaciones,
    referencia1: p.referencia_1,
    referencia2: p.referencia_2,
    referencia3: p.referencia_3,
    cleanReference1: sql<string>`regexp_replace(upper(public.unaccent(${p.referencia_1}::text)), '[^A-Z0-9]', '', 'g')`,
    inventario: p.inventario,
    fechaActualizacion: new Date(p.fecha_actualizacion),
    actualPrice: p.actualPrice,
    hidePrices: p.hidePrices,
    imagesUrls: p.imagesURLs,
    productUrl: p.productUrl,
    tiemposDeEntrega: p.tiempos_de_entrega,
    minimumOrderQuantity: p.minimum_order_quantity,
    salesModel: p.salesModel,
    cartType: p.cartTypeBySaleModel,
    quotationMaxQuantity: p.quotationMaxQuantity,
    remainingTime: p.remainingTime,
    compatibleVehicles: p.compatibleVehicles,
    makes: sql<string[]>`array(select distinct v->>'make' from jsonb_array_elements(${vehicles}::jsonb) v)`,
    category: p.category,
    confirmProductInApi: p.confirmProductInAPI,
    ...storeColumns(store),
    document: sql<string>`setweight(to_tsvector('es_unaccent', ${p.title}::text), 'A')
      || setweight(to_tsvector('es_unaccent', concat_ws(' ', ${p.manufacturer_title}::text, ${p.category}::text)), 'B')
      || setweight(to_tsvector('es_unaccent', concat_ws(' ', ${p.descripcion}::text, ${p.observaciones}::text)), 'C')
      || setweight(to_tsvector('es_unaccent', coalesce(
           (select string_agg(concat_ws(' ', v->>'make', (select string_agg(m, ' ') from jsonb_array_elements_text(v->'full_models') m)), ' ')
              from jsonb_array_elements(${vehicles}::jsonb) v), '')), 'D')`,
    eventAt: new Date(p.eventAt),
  };
}

type SearchRow = ReturnType<typeof searchRow>;

/** Every column a newer event rewrites. */
const REWRITTEN = [
  'storeId',
  'title',
  'manufacturerTitle',
  'descripcion',
  'observaciones',
  'referencia1',
  'referencia2',
  'referencia3',
  'cleanReference1',
  'inventario',
  'fechaActualizacion',
  'actualPrice',
  'hidePrices',
  'imagesUrls',
  'productUrl',
  'tiemposDeEntrega',
  'minimumOrderQuantity',
  'salesModel',
  'cartType',
  'quotationMaxQuantity',
  'remainingTime',
  'compatibleVehicles',
  'makes',
  'category',
  'confirmProductInApi',
  'storeName',
  'storeCountry',
  'currency',
  'storeIsVirtual',
  'storePathPrefix',
  'storeLogo',
  'showStoreLogo',
  'showReferences',
  'showStoreName',
  'showProvider',
  'providerName',
  'discountRules',
  'document',
  'eventAt',
] as const satisfies readonly Exclude<keyof SearchRow, 'productId'>[];

/**
 * Writes (or rewrites) the search rows, references and words of these product snapshots (the ProductPublished
 * / ProductUpdated payload); deleted ones are removed. The projection passes one, tests and rebuilds
 * batches. A product whose tombstone is newer, or whose row is newer, is left as it is, so a late or repeated
 * event changes nothing. Answers how many rows were written.
 */
export async function upsertSearchRows(em: EntityManager, snapshots: readonly SnapshotAt[]): Promise<number> {
  if (snapshots.length === 0) return 0;
  const db = kysely<MarketplaceDB>(em);
  for (const d of snapshots.filter((s) => s.state === 'deleted')) await removeSearchRow(em, d.id, d.eventAt);
  const live = snapshots.filter((s) => s.state !== 'deleted');
  if (live.length === 0) return 0;
  const stores = new Map(
    (
      await db
        .selectFrom('Store')
        .selectAll()
        .where('id', 'in', [...new Set(live.map((s) => s.storeId))])
        .execute()
    ).map((s) => [s.id, s]),
  );
  const tombstones = new Map(
    (
      await db
        .selectFrom('ProductSearchTombstone')
        .select(['productId', 'eventAt'])
        .where(
          'productId',
          'in',
          live.map((s) => s.id),
        )
        .execute()
    ).map((t) => [t.productId, t.eventAt.getTime()]),
  );
  const rows = live.filter((s) => stores.has(s.storeId) && !((tombstones.get(s.id) ?? -Infinity) >= new Date(s.eventAt).getTime()));
  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH) written += await writeBatch(db, rows.slice(i, i + BATCH), stores);
  return written;
}

async function writeBatch(db: Kysely<MarketplaceDB>, batch: SnapshotAt[], stores: Map<string, StoreRecord>) {
  const written = await db
    .insertInto('ProductSearch')
    .values(batch.map((p) => searchRow(p, stores.get(p.storeId)!)))
    .onConflict((oc) =>
      oc
        .column('productId')
        .doUpdateSet((eb) => Object.fromEntries(REWRITTEN.map((c) => [c, eb.ref(`excluded.${c}`)])))
        .where('ProductSearch.eventAt', '<=', (eb) => eb.ref('excluded.eventAt')),
    )
    .returning(['productId', 'referencia1', 'referencia2', 'referencia3', 'title', 'manufacturerTitle'])
    .execute();
  if (written.length === 0) return 0;
  await db
    .deleteFrom('ProductRef')
    .where(
      'product',
      'in',
      written.map((w) => w.productId),
    )
    .execute();
  const refs = written.flatMap((w) =>
    referenceKeys([w.referencia1, w.referencia2, w.referencia3]).map((ref) => ({ ref, product: w.productId })),
  );
  if (refs.length > 0)
    await db
      .insertInto('ProductRef')
      .values(refs)
      .onConflict((oc) => oc.doNothing())
      .execute();
  const words = [...new Set(written.flatMap((w) => searchWordsOf(`${w.title} ${w.manufacturerTitle}`)))];
  if (words.length > 0)
    await db
      .insertInto('SearchWord')
      .values(words.map((word) => ({ word })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  return written.length;
}

/** Removes a product from the results and remembers when, so older events cannot bring it back. */
export async function removeSearchRow(em: EntityManager, productId: string, eventAt: string): Promise<void> {
  const db = kysely<MarketplaceDB>(em);
  const at = new Date(eventAt);
  await db.deleteFrom('ProductSearch').where('productId', '=', productId).where('eventAt', '<=', at).execute();
  await db
    .insertInto('ProductSearchTombstone')
    .values({ productId, eventAt: at })
    .onConflict((oc) =>
      oc.column('productId').doUpdateSet({ eventAt: sql<Date>`greatest(product_search_tombstones.event_at, excluded.event_at)` }),
    )
    .execute();
}

/** Folds a store's current fields into its products' search rows (StoreUpdated). */
export async function refreshStoreInSearch(em: EntityManager, storeId: string): Promise<void> {
  const db = kysely<MarketplaceDB>(em);
  const store = await db.selectFrom('Store').selectAll().where('id', '=', storeId).executeTakeFirst();
  if (!store) return;
  const {
    storeName,
    storeCountry,
    currency,
    storeIsVirtual,
    storePathPrefix,
    storeLogo,
    showStoreLogo,
    showReferences,
    showStoreName,
    showProvider,
    providerName,
    discountRules,
  } = storeColumns(store);
  await db
    .updateTable('ProductSearch')
    .set({
      storeName,
      storeCountry,
      currency,
      storeIsVirtual,
      storePathPrefix,
      storeLogo,
      showStoreLogo,
      showReferences,
      showStoreName,
      showProvider,
      providerName,
      discountRules,
    })
    .where('storeId', '=', storeId)
    .execute();
}
