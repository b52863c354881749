import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { PurchaseCancelled, PurchasePaid, type Actor, type CancelReason } from '@tuerca/contracts';
import { kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { Transaction } from './transaction.entity.js';
import { releaseStock, reserveStock } from './stock.js';

/**
 * The moves of a transaction that several commands share: ending it unpaid (stock back to the store, lines
 * back to the buyer's cart) and marking it paid (stock sold). Each runs inside the caller's database
 * transaction on a row it has locked, and records its event there.
 */

/** The transaction row, locked for the rest of the caller's database transaction. */
export function lockTransaction(em: EntityManager, where: { id: string; buyerId?: string }) {
  return em.findOne(Transaction, where, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['store'] });
}
export type LockedTransaction = NonNullable<Awaited<ReturnType<typeof lockTransaction>>>;

async function linesOf(em: EntityManager, transactionId: string) {
  return kysely<MarketplaceDB>(em)
    .selectFrom('TransactionLine')
    .select(['product', 'quantity', 'quotation', 'salesModel'])
    .where('transaction', '=', transactionId)
    .orderBy('position')
    .execute();
}

export function parties(tx: LockedTransaction) {
  return {
    transactionId: tx.id,
    refVenta: tx.refVenta,
    buyerId: tx.buyerId,
    buyerName: tx.buyerName ?? null,
    buyerEmail: tx.buyerEmail ?? null,
    buyerMobile: tx.buyerMobile ?? null,
    storeId: tx.store.id,
    storeName: tx.store.name,
    storeMobile: tx.store.mobile ?? null,
    currency: tx.currency,
    totalCents: tx.totalCents,
  };
}

/**
 * Ends an unpaid transaction: its held stock goes back (ProductUpdated), its lines go back to the buyer's
 * cart (nothing the buyer chose is lost; a quotation line only while its window is still open, the quotation
 * answered-available again), and PurchaseCancelled tells seller and buyer.
 */
export async function cancelTransaction(
  em: EntityManager,
  tx: LockedTransaction,
  reason: CancelReason,
  actor: Actor,
  now: Date,
): Promise<void> {
  const lines = await linesOf(em, tx.id);
  const released = tx.stockState === 'reserved';
  if (released)
    await releaseStock(
      em,
      lines.map((l) => ({ productId: l.product, quantity: l.quantity })),
      actor,
      now,
    );
  const k = kysely<MarketplaceDB>(em);
  const owner = `u:${tx.buyerId}`;
  for (const line of lines) {
    if (line.quotation) {
      const reopened = await k
        .updateTable('Quotation')
        .set({ state: 'available', closedAt: null })
        .where('id', '=', line.quotation)
        .where('state', '=', 'ordered')
        .where('windowExpiresAt', '>', now)
        .returning('id')
        .executeTakeFirst();
      if (!reopened) continue;
    }
    await k
      .insertInto('CartItem')
      .values({
        id: randomUUID(),
        owner,
        section: 'cart',
        product: line.product,
        store: tx.store.id,
        quantity: line.quantity,
        quotation: line.quotation,
        selected: true,
        addedAt: now,
      })
      .onConflict((oc) => oc.columns(['owner', 'section', 'product']).doNothing())
      .execute();
  }
  tx.state = 'cancelled';
  tx.cancelReason = reason;
  tx.cancelledAt = now;
  if (released) tx.stockState = 'released';
  tx.buyerUnread = reason !== 'buyer';
  tx.sellerUnread = true;
  tx.updatedAt = now;
  recordEvent(em, PurchaseCancelled, { ...parties(tx), reason, stockReleased: released }, { aggregateId: tx.id, actor, occurredAt: now });
}

/** Takes the stock again for a transaction whose hold had ended (a payment arrived late); false when the store no longer has it. */
export async function retakeStock(em: EntityManager, tx: LockedTransaction, actor: Actor, now: Date): Promise<boolean> {
  const lines = await linesOf(em, tx.id);
  try {
    // A savepoint: when one product is short, whatever was taken before it is given back, and the caller's transaction goes on.
    await em.transactional((inner) =>
      reserveStock(
        inner,
        lines.map((l) => ({ productId: l.product, quantity: l.quantity })),
        actor,
        now,
      ),
    );
    return true;
  } catch {
    return false;
  }
}

/** The payments reached the total: paid, the stock sold (no longer held, never released), seller and buyer told. */
export function markPaid(em: EntityManager, tx: LockedTransaction, paymentReference: string, actor: Actor, now: Date): void {
  tx.state = 'paid';
  tx.paidAt = now;
  tx.stockState = tx.stockState === 'none' ? 'none' : 'committed';
  tx.cancelReason = null;
  tx.cancelledAt = null;
  tx.buyerUnread = true;
  tx.sellerUnread = true;
  tx.updatedAt = now;
  recordEvent(
    em,
    PurchasePaid,
    { ...parties(tx), paymentReference, paidAt: now.toISOString() },
    { aggregateId: tx.id, actor, occurredAt: now },
  );
}
