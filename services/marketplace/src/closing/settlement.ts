import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { isCovered } from '../purchases/purchase.rules.js';
import { markPaid, type LockedTransaction } from '../purchases/transaction-lifecycle.js';

/** What a transaction has received: the payments not reversed, in cents. */
export async function receivedCents(em: EntityManager, transactionId: string): Promise<number> {
  const rows = await kysely<MarketplaceDB>(em)
    .selectFrom('TransactionPayment')
    .select(['amountCents', 'reversedAt'])
    .where('transaction', '=', transactionId)
    .execute();
  return rows.filter((r) => r.reversedAt === null).reduce((n, r) => n + r.amountCents, 0);
}

/**
 * The paid state follows the payments, never set by hand (issue #13: "A transaction's paid state is derived
 * from its payments (online ones arrive from billing as events; manual ones here), never kept by hand in two
 * places"). A transaction waiting for payment whose payments now cover it becomes paid (PurchasePaid); a paid
 * one whose payments no longer cover it (a reversal) waits for payment again, its stock still held for it
 * without an end (nothing released behind the seller's back). Runs on a row the caller has locked.
 */
export async function settlePayments(
  em: EntityManager,
  tx: LockedTransaction,
  paymentReference: string,
  actor: Actor,
  now: Date,
): Promise<'paid' | 'unpaid' | 'unchanged'> {
  const payments = await kysely<MarketplaceDB>(em)
    .selectFrom('TransactionPayment')
    .select(['amountCents', 'reversedAt'])
    .where('transaction', '=', tx.id)
    .execute();
  const covered = isCovered(tx.totalCents, payments);
  if (covered && tx.state === 'pending_payment') {
    markPaid(em, tx, paymentReference, actor, now);
    tx.reservationExpiresAt = null;
    return 'paid';
  }
  if (!covered && tx.state === 'paid') {
    tx.state = 'pending_payment';
    tx.paidAt = null;
    if (tx.stockState === 'committed') tx.stockState = 'reserved';
    tx.reservationExpiresAt = null;
    tx.buyerUnread = true;
    tx.sellerUnread = true;
    tx.updatedAt = now;
    return 'unpaid';
  }
  return 'unchanged';
}
