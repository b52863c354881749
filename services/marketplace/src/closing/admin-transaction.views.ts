import type { EntityManager } from '@mikro-orm/postgresql';
import { channelText, formatCents, paymentTypeText, t, type AdminTransaction, type PaymentType } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { readTransactionViews } from '../purchases/transaction-views.js';
import { readReturns } from './return.views.js';

const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString());

/**
 * Transactions as the operator console shows them (the buyer's view plus the sellers' side: adviser,
 * follow-up, decision, delivery, notes, returns) with a timeline derived from the rows' own dates — every
 * step the transaction went through, oldest first, without a second copy of the history.
 */
export async function readAdminTransactions(em: EntityManager, ids: readonly string[], now: Date): Promise<AdminTransaction[]> {
  if (ids.length === 0) return [];
  const k = kysely<MarketplaceDB>(em);
  const [views, extras, notes, returns, payments] = await Promise.all([
    readTransactionViews(em, ids, now),
    k
      .selectFrom('Transaction as t')
      .innerJoin('Store as s', 's.id', 't.store')
      .select([
        't.id',
        't.store as storeId',
        's.name as storeName',
        't.buyerName',
        't.adviserId',
        't.adviserAssignedAt',
        't.followUpState',
        't.sellerDecidedAt',
        't.sellerRejectionReason',
        't.deliveredAt',
        't.sellerUnread',
      ])
      .where('t.id', 'in', [...ids])
      .execute(),
    k
      .selectFrom('TransactionNote')
      .selectAll()
      .where('transaction', 'in', [...ids])
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    readReturns(em, { transactionIds: ids }),
    k
      .selectFrom('TransactionPayment')
      .select(['transaction', 'amountCents', 'method', 'paymentType', 'receivedAt', 'reversedAt', 'reversalReason'])
      .where('transaction', 'in', [...ids])
      .execute(),
  ]);
  const extraById = new Map(extras.map((e) => [e.id, e]));
  return views.map((v) => {
    const e = extraById.get(v.id)!;
    const own = payments.filter((p) => p.transaction === v.id);
    const ownNotes = notes.filter((n) => n.transaction === v.id);
    const ownReturns = returns.filter((r) => r.transactionId === v.id);
    const money = (cents: number) => formatCents(cents, v.currency);
    const timeline: { at: string; kind: string; text: string }[] = [
      { at: v.createdAt, kind: 'created', text: t('closing.timeline.created', { channel: channelText(v.channel) }) },
    ];
    if (e.sellerDecidedAt)
      timeline.push(
        e.sellerRejectionReason
          ? { at: iso(e.sellerDecidedAt)!, kind: 'rejected', text: t('closing.timeline.rejected', { reason: e.sellerRejectionReason }) }
          : { at: iso(e.sellerDecidedAt)!, kind: 'confirmed', text: t('closing.timeline.confirmed') },
      );
    for (const p of own) {
      const method = p.paymentType ? paymentTypeText(p.paymentType as PaymentType) : p.method;
      timeline.push({
        at: iso(p.receivedAt)!,
        kind: 'payment',
        text: t('closing.timeline.payment', { amount: money(p.amountCents), method }),
      });
      if (p.reversedAt)
        timeline.push({
          at: iso(p.reversedAt)!,
          kind: 'reversal',
          text: t('closing.timeline.reversal', { amount: money(p.amountCents), reason: p.reversalReason ?? '' }),
        });
    }
    if (v.paidAt) timeline.push({ at: v.paidAt, kind: 'paid', text: t('closing.timeline.paid') });
    if (v.state === 'cancelled' && v.cancelledAt && !e.sellerRejectionReason)
      timeline.push({ at: v.cancelledAt, kind: 'cancelled', text: t('closing.timeline.cancelled') });
    if (e.deliveredAt) timeline.push({ at: iso(e.deliveredAt)!, kind: 'delivered', text: t('closing.timeline.delivered') });
    for (const r of ownReturns) {
      timeline.push({ at: r.requestedAt, kind: 'return', text: t('closing.timeline.returnRequested', { reason: r.reason }) });
      if (r.decidedAt)
        timeline.push(
          r.state === 'accepted'
            ? { at: r.decidedAt, kind: 'return', text: t('closing.timeline.returnAccepted') }
            : { at: r.decidedAt, kind: 'return', text: t('closing.timeline.returnRejected', { reason: r.decisionReason ?? '' }) },
        );
    }
    if (e.adviserAssignedAt) timeline.push({ at: iso(e.adviserAssignedAt)!, kind: 'adviser', text: t('closing.timeline.adviser') });
    for (const n of ownNotes) timeline.push({ at: iso(n.createdAt)!, kind: 'note', text: t('closing.timeline.note', { text: n.text }) });
    timeline.sort((a, b) => a.at.localeCompare(b.at));
    return {
      ...v,
      storeId: e.storeId,
      storeName: e.storeName,
      buyerName: e.buyerName ?? null,
      adviserId: e.adviserId ?? null,
      adviserAssignedAt: iso(e.adviserAssignedAt),
      followUpState: e.followUpState ?? null,
      sellerDecidedAt: iso(e.sellerDecidedAt),
      sellerRejectionReason: e.sellerRejectionReason ?? null,
      deliveredAt: iso(e.deliveredAt),
      sellerUnread: e.sellerUnread,
      paidCents: own.filter((p) => p.reversedAt === null).reduce((n, p) => n + p.amountCents, 0),
      notes: ownNotes.map((n) => ({
        id: n.id,
        authorId: n.authorId,
        authorRole: n.authorRole,
        text: n.text,
        createdAt: iso(n.createdAt)!,
      })),
      returns: ownReturns,
      timeline,
    };
  });
}
