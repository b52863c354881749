import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReturnView } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Return requests as the calls answer them: by their ids, or every request of some transactions (oldest first). */
export async function readReturns(
  em: EntityManager,
  by: { ids?: readonly string[]; transactionIds?: readonly string[] },
): Promise<ReturnView[]> {
  let q = kysely<MarketplaceDB>(em)
    .selectFrom('TransactionReturn as r')
    .innerJoin('Transaction as t', 't.id', 'r.transaction')
    .innerJoin('Store as s', 's.id', 't.store')
    .selectAll('r')
    .select(['t.refVenta', 't.store as storeId', 's.name as storeName', 't.totalCents', 't.currency']);
  if (by.ids) {
    if (by.ids.length === 0) return [];
    q = q.where('r.id', 'in', [...by.ids]);
  }
  if (by.transactionIds) {
    if (by.transactionIds.length === 0) return [];
    q = q.where('r.transaction', 'in', [...by.transactionIds]);
  }
  const rows = await q.orderBy('r.requestedAt').orderBy('r.id').execute();
  const views = rows.map((r): ReturnView => ({
    id: r.id,
    transactionId: r.transaction,
    refVenta: r.refVenta,
    storeId: r.storeId,
    storeName: r.storeName,
    buyerId: r.buyerId,
    state: r.state,
    reason: r.reason,
    decisionReason: r.decisionReason ?? null,
    requestedAt: iso(r.requestedAt)!,
    decidedAt: iso(r.decidedAt),
    decidedBy: r.decidedBy ?? null,
    totalCents: r.totalCents,
    currency: r.currency,
    sellerUnread: r.sellerUnread,
  }));
  if (!by.ids) return views;
  const byId = new Map(views.map((v) => [v.id, v]));
  return by.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
