import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Selectable } from 'kysely';
import { ProductUpdated, t, type Actor } from '@tuerca/contracts';
import { DomainError, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { snapshotOf, type ProductRecord } from '../products/product.rules.js';

/**
 * Stock held for transactions. Taking stock is one conditional statement per product
 * (`inventario = inventario - n where inventario >= n`), never a read followed by a write, so two buyers of
 * the last unit cannot both get it; the rows are taken in product-id order so concurrent checkouts of
 * several products never deadlock. Every change records ProductUpdated, which keeps the search read
 * model's stock true.
 */

export interface StockLine {
  productId: string;
  quantity: number;
}

/** 409 with the spec's texts: 'El producto seleccionado no está disponible' / 'La cantidad disponible es de N unidades…'. */
export class OutOfStockError extends DomainError {
  constructor(
    message: string,
    readonly productId: string,
  ) {
    super(409, 'Product not available', [message]);
  }
}

function merged(lines: readonly StockLine[]): StockLine[] {
  const by = new Map<string, number>();
  for (const l of lines) by.set(l.productId, (by.get(l.productId) ?? 0) + l.quantity);
  return [...by.entries()].map(([productId, quantity]) => ({ productId, quantity })).sort((a, b) => a.productId.localeCompare(b.productId));
}

type ProductRow = Selectable<MarketplaceDB['Product']>;

/** The write model's row (property names) in the shape the product snapshot is built from. */
function recordOf({ store, ...row }: ProductRow): ProductRecord {
  return { ...row, storeId: store } as ProductRecord;
}

/**
 * The events carry the row's own change time: concurrent checkouts commit in the order their updates took the
 * row lock, and the read model keeps the latest event by time, so the times must follow that order.
 */
function announce(em: EntityManager, rows: ProductRow[], actor: Actor): void {
  for (const row of rows)
    recordEvent(
      em,
      ProductUpdated,
      { product: snapshotOf(recordOf(row)) },
      { aggregateId: row.id, actor, occurredAt: new Date(row.updatedAt) },
    );
}

/** Later than the row's previous change, whatever the clocks say: evaluated on the row version the update locked. */
const changedAt = (now: Date) => sql<Date>`greatest(${now}::timestamptz, ${sql.ref('updated_at')} + interval '1 millisecond')`;

/**
 * Takes the stock of every line or none: the first product short of stock throws (409, the spec's text) and
 * the caller's transaction rolls back whatever was taken before it.
 */
export async function reserveStock(em: EntityManager, lines: readonly StockLine[], actor: Actor, now: Date): Promise<void> {
  const k = kysely<MarketplaceDB>(em);
  const taken: ProductRow[] = [];
  for (const { productId, quantity } of merged(lines)) {
    const row = await k
      .updateTable('Product')
      .set((eb) => ({
        inventario: eb('inventario', '-', quantity),
        // The last unit sold out the product: it reads as depleted (spec 000 §4, stock under 1).
        state: sql<
          'published' | 'depleted'
        >`case when ${sql.ref('inventario')} - ${quantity} = 0 then 'depleted' else ${sql.ref('state')} end`,
        updatedAt: changedAt(now),
      }))
      .where('id', '=', productId)
      .where('inventario', '>=', quantity)
      .where('state', '=', 'published')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await k.selectFrom('Product').select(['inventario', 'state']).where('id', '=', productId).executeTakeFirst();
      const message =
        !current || current.state !== 'published' || current.inventario < 1
          ? t('availability.productNotAvailable')
          : t('quotation.quantityExceedsStock', { quantity: current.inventario });
      throw new OutOfStockError(message, productId);
    }
    taken.push(row);
  }
  announce(em, taken, actor);
}

/** Gives held stock back (a deleted product gets nothing back); a product sold out by the hold is published again. */
export async function releaseStock(em: EntityManager, lines: readonly StockLine[], actor: Actor, now: Date): Promise<void> {
  const k = kysely<MarketplaceDB>(em);
  const back: ProductRow[] = [];
  for (const { productId, quantity } of merged(lines)) {
    const row = await k
      .updateTable('Product')
      .set((eb) => ({
        inventario: eb('inventario', '+', quantity),
        state: sql<'published' | 'depleted'>`case when ${sql.ref('state')} = 'depleted' then 'published' else ${sql.ref('state')} end`,
        updatedAt: changedAt(now),
      }))
      .where('id', '=', productId)
      .where('state', '<>', 'deleted')
      .returningAll()
      .executeTakeFirst();
    if (row) back.push(row);
  }
  announce(em, back, actor);
}
