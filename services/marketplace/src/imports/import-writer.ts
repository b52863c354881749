import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductPublished, ProductUpdated, type Actor, type ProductInput } from '@tuerca/contracts';
import { recordEvent } from '@tuerca/platform';
import { PRODUCT_COLUMNS_P } from '../products/products.service.js';
import { columnsOf, productUrlFor, snapshotOf, type ProductRecord } from '../products/product.rules.js';
import type { ValidRow } from './rows.js';

/** Rows written per statement (an insert of 500 products binds about 15,000 parameters; PostgreSQL allows 65,535). */
export const WRITE_BATCH = 500;

/** The product columns each spreadsheet field writes (columnsOf's names), and their SQL types for jsonb_to_recordset. */
const FIELD_COLUMNS: Partial<Record<keyof ProductInput, string[]>> = {
  title: ['title'],
  manufacturer_title: ['manufacturer_title'],
  descripcion: ['descripcion'],
  observaciones: ['observaciones'],
  referencia_1: ['referencia_1', 'clean_reference_1'],
  referencia_2: ['referencia_2', 'clean_reference_2'],
  referencia_3: ['referencia_3', 'clean_reference_3'],
  inventario: ['inventario'],
  actualPrice: ['actual_price'],
  hidePrices: ['hide_prices'],
  imagesURLs: ['images_urls'],
  tiempos_de_entrega: ['tiempos_de_entrega'],
  minimum_order_quantity: ['minimum_order_quantity'],
  salesModel: ['sales_model'],
  cartTypeBySaleModel: ['cart_type'],
  quotationMaxQuantity: ['quotation_max_quantity'],
  remainingTime: ['remaining_time'],
  category: ['category'],
};

const SQL_TYPES: Record<string, string> = {
  inventario: 'int',
  actual_price: 'numeric',
  hide_prices: 'boolean',
  images_urls: 'jsonb',
  minimum_order_quantity: 'int',
  sales_model: 'smallint',
  quotation_max_quantity: 'int',
  remaining_time: 'int',
};

function chunks<T>(rows: readonly T[], size = WRITE_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export interface WriteContext {
  em: EntityManager;
  storeId: string;
  now: Date;
  actor: Actor;
  /** The product fields the file has a column for: an update writes only these (the rest of the product stays). */
  fields: ReadonlySet<keyof ProductInput>;
  /** Called after each batch with the rows written so far. */
  onBatch?: (done: number) => Promise<void>;
}

/**
 * Writes a clean sheet inside the caller's transaction: rows matching a product of the store by clean
 * reference 1 and brand (case-insensitive) update it, confirming its stock today (ProductUpdated); the
 * others are inserted (ProductPublished). Both in batches.
 */
export async function writeRows(rows: readonly ValidRow[], ctx: WriteContext): Promise<{ inserted: number; updated: number }> {
  const { em, storeId } = ctx;
  // One import per store at a time; a concurrent single-product create still meets the unique index.
  await em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`product-import/${storeId}`]);
  const matches = new Map<number, string>();
  for (const batch of chunks(
    rows.map((r, i) => ({ i, ref: columnsOf(r.input).clean_reference_1, brand: r.input.manufacturer_title })),
    5000,
  )) {
    const found = await em.execute<{ id: string; i: number }[]>(
      `select p.id, k.i from products p
       join jsonb_to_recordset(?::jsonb) as k(i int, ref text, brand text) on p.clean_reference_1 = k.ref and lower(p.manufacturer_title) = lower(k.brand)
       where p.store_id = ? and p.state <> 'deleted'
       for update of p`,
      [JSON.stringify(batch), storeId],
    );
    for (const f of found) matches.set(f.i, f.id);
  }
  const toInsert = rows.filter((_, i) => !matches.has(i));
  const toUpdate = rows.flatMap((r, i) => (matches.has(i) ? [{ id: matches.get(i)!, input: r.input }] : []));
  let done = 0;
  for (const batch of chunks(toInsert)) {
    await insertBatch(ctx, batch);
    await em.flush();
    done += batch.length;
    await ctx.onBatch?.(done);
  }
  for (const batch of chunks(toUpdate)) {
    await updateBatch(ctx, batch);
    await em.flush();
    done += batch.length;
    await ctx.onBatch?.(done);
  }
  return { inserted: toInsert.length, updated: toUpdate.length };
}

async function insertBatch(ctx: WriteContext, batch: ValidRow[]): Promise<void> {
  const { em, storeId, now, actor } = ctx;
  const records = batch.map(({ input }) => {
    const id = randomUUID();
    return {
      ...columnsOf(input),
      id,
      store_id: storeId,
      product_url: productUrlFor(input, id),
      fecha_actualizacion: now,
      state: input.inventario >= 1 ? 'published' : 'depleted',
      created_at: now,
      updated_at: now,
    };
  });
  const names = Object.keys(records[0]!);
  const placeholders = records.map(() => `(${names.map(() => '?').join(', ')})`).join(', ');
  const written = await em.execute<ProductRecord[]>(
    `insert into products as p (${names.join(', ')}) values ${placeholders} returning ${PRODUCT_COLUMNS_P}`,
    records.flatMap((r) => names.map((n) => (r as Record<string, unknown>)[n])),
  );
  for (const product of written)
    recordEvent(em, ProductPublished, { product: snapshotOf(product) }, { aggregateId: product.id, actor, occurredAt: now });
}

async function updateBatch(ctx: WriteContext, batch: { id: string; input: ProductInput }[]): Promise<void> {
  const { em, now, actor } = ctx;
  const columns = [...ctx.fields].flatMap((f) => FIELD_COLUMNS[f] ?? []);
  const records = batch.map(({ id, input }) => {
    const all: Record<string, unknown> = { ...columnsOf(input), images_urls: input.imagesURLs };
    return { id, ...Object.fromEntries(columns.map((c) => [c, all[c]])) };
  });
  const set = columns.map((c) => `${c} = v.${c}`).join(', ');
  const types = columns.map((c) => `${c} ${SQL_TYPES[c] ?? 'text'}`).join(', ');
  const written = await em.execute<ProductRecord[]>(
    `update products p set ${set}, fecha_actualizacion = ?, updated_at = ?,
       state = case when v.inventario >= 1 then 'published' else 'depleted' end
     from jsonb_to_recordset(?::jsonb) as v(id uuid, ${types})
     where p.id = v.id
     returning ${PRODUCT_COLUMNS_P}`,
    [now, now, JSON.stringify(records)],
  );
  for (const product of written)
    recordEvent(em, ProductUpdated, { product: snapshotOf(product) }, { aggregateId: product.id, actor, occurredAt: now });
}
