import type { EntityManager } from '@mikro-orm/postgresql';
import { paymentTypeText, type TransactionPaid } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The paid-transaction records as the calls answer them, in the order of `ids`. */
export async function readTransactionPaid(em: EntityManager, ids: readonly string[]): Promise<TransactionPaid[]> {
  if (ids.length === 0) return [];
  const rows = await kysely<MarketplaceDB>(em)
    .selectFrom('TransactionPayment as p')
    .innerJoin('Transaction as t', 't.id', 'p.transaction')
    .innerJoin('Store as s', 's.id', 't.store')
    .selectAll('p')
    .select(['t.refVenta', 't.store as storeId', 's.name as storeName', 't.state as transactionState', 't.currency as txCurrency'])
    .where('p.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        transactionId: r.transaction,
        refVenta: r.refVenta,
        storeId: r.storeId,
        storeName: r.storeName,
        transactionState: r.transactionState,
        source: r.source,
        paymentType: r.paymentType ?? null,
        paymentTypeText: r.paymentType ? paymentTypeText(r.paymentType) : r.method,
        method: r.method,
        amountCents: r.amountCents,
        currency: r.txCurrency,
        reference: r.reference,
        notes: r.notes,
        receivedAt: iso(r.receivedAt)!,
        recordedBy: r.recordedBy ?? null,
        reversedAt: iso(r.reversedAt),
        reversalReason: r.reversalReason ?? null,
        reversedBy: r.reversedBy ?? null,
        createdAt: iso(r.createdAt)!,
      },
    ];
  });
}
