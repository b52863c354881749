import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { ProductPublished, ProductUpdated, type Actor, type ProductInput } from '@tuerca/contracts';
import { kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { Product } from '../products/product.entity.js';
import { recordOf } from '../products/product-records.js';
import {
  FIELDS_BY_INPUT,
  productFields,
  productUrlFor,
  snapshotOf,
  stateForStock,
  storeHidesReferences,
  type ProductFields,
} from '../products/product.rules.js';
import { Store } from '../stores/store.entity.js';
import type { ValidRow } from './rows.js';

/** Products written per flush (and part numbers looked up per statement when matching). */
export const WRITE_BATCH = 500;
const MATCH_BATCH = 5000;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** A product's key in its store: clean reference 1 and brand in any case (the unique index `products_store_reference`). */
const keyOf = (cleanReference1: string, brand: string) => `${cleanReference1}\u0000${brand.toLowerCase()}`;

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
 * others are inserted (ProductPublished). Batches of WRITE_BATCH, the unit of work cleared after each.
 */
export async function writeRows(rows: readonly ValidRow[], ctx: WriteContext): Promise<{ inserted: number; updated: number }> {
  const { em, storeId } = ctx;
  const db = kysely<MarketplaceDB>(em);
  // One import per store at a time; a concurrent single-product create still meets the unique index.
  await db.selectNoFrom(sql<string>`pg_advisory_xact_lock(hashtext(${`product-import/${storeId}`}))::text`.as('locked')).execute();
  const store = await em.findOneOrFail(Store, { id: storeId });
  const hideReference = storeHidesReferences(store);
  const matches = new Map<string, string>();
  const references = [...new Set(rows.map((r) => productFields(r.input).cleanReference1))];
  for (const batch of chunks(references, MATCH_BATCH)) {
    const found = await db
      .selectFrom('Product')
      .select(['id', 'cleanReference1', 'manufacturerTitle'])
      .where('store', '=', storeId)
      .where('state', '<>', 'deleted')
      .where('cleanReference1', 'in', batch)
      .forUpdate()
      .execute();
    for (const f of found) matches.set(keyOf(f.cleanReference1, f.manufacturerTitle), f.id);
  }
  const matchOf = (r: ValidRow) => matches.get(keyOf(productFields(r.input).cleanReference1, r.input.manufacturer_title));
  const toInsert = rows.filter((r) => !matchOf(r));
  const toUpdate = rows.flatMap((r) => {
    const id = matchOf(r);
    return id ? [{ id, input: r.input }] : [];
  });
  const updated = [...ctx.fields].flatMap((f) => FIELDS_BY_INPUT[f] ?? []);
  let done = 0;
  for (const batch of chunks(toInsert, WRITE_BATCH)) {
    for (const { input } of batch) {
      const id = randomUUID();
      const product = em.create(Product, {
        ...productFields(input),
        id,
        store: storeId,
        productUrl: productUrlFor(input, id, { hideReference }),
        fechaActualizacion: ctx.now,
        state: stateForStock(input.inventario),
        visits: 0,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      recordEvent(
        em,
        ProductPublished,
        { product: snapshotOf(recordOf(product)) },
        { aggregateId: id, actor: ctx.actor, occurredAt: ctx.now },
      );
    }
    done += await flushBatch(em, batch.length, ctx, done);
  }
  for (const batch of chunks(toUpdate, WRITE_BATCH)) {
    const products = new Map((await em.find(Product, { id: { $in: batch.map((b) => b.id) } })).map((p) => [p.id, p]));
    for (const { id, input } of batch) {
      const product = products.get(id)!;
      const fields = productFields(input);
      const change = Object.fromEntries(updated.map((name) => [name, fields[name]])) as Partial<ProductFields>;
      const inventario = change.inventario ?? product.inventario;
      // The seller confirmed the stock: fecha_actualizacion moves; columns the file lacks stay as they are.
      em.assign(product, { ...change, fechaActualizacion: ctx.now, updatedAt: ctx.now, state: stateForStock(inventario) });
      recordEvent(
        em,
        ProductUpdated,
        { product: snapshotOf(recordOf(product)) },
        { aggregateId: id, actor: ctx.actor, occurredAt: ctx.now },
      );
    }
    done += await flushBatch(em, batch.length, ctx, done);
  }
  return { inserted: toInsert.length, updated: toUpdate.length };
}

/** Writes a batch, lets go of its entities (a 50,000-row file never sits in the unit of work whole) and reports progress. */
async function flushBatch(em: EntityManager, size: number, ctx: WriteContext, before: number): Promise<number> {
  await em.flush();
  em.clear();
  await ctx.onBatch?.(before + size);
  return size;
}
