import type { EntityManager } from '@mikro-orm/postgresql';
import type { TransactionView } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { effectiveState, paymentStoreInfo } from './purchase.rules.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Transactions as the buyer reads them, in the order of `ids`: header, lines, payments, the open payment
 * request, the store's contact (payment store info). The state is read against the clock: a reservation
 * whose window has passed reads as cancelled before the expiry job has run.
 */
export async function readTransactionViews(em: EntityManager, ids: readonly string[], now: Date): Promise<TransactionView[]> {
  if (ids.length === 0) return [];
  const k = kysely<MarketplaceDB>(em);
  const [headers, lines, payments] = await Promise.all([
    k
      .selectFrom('Transaction as t')
      .innerJoin('Store as s', 's.id', 't.store')
      .selectAll('t')
      .select([
        's.name as storeName',
        's.pathPrefix as storePathPrefix',
        's.logotypeUrl as storeLogo',
        's.mobile as storeMobile',
        's.transactionClosingForm as closingForm',
        's.addressingAfterTransaction as addressing',
        's.addressingButtonName as buttonName',
      ])
      .where('t.id', 'in', [...ids])
      .execute(),
    k
      .selectFrom('TransactionLine')
      .selectAll()
      .where('transaction', 'in', [...ids])
      .orderBy('transaction')
      .orderBy('position')
      .execute(),
    k
      .selectFrom('TransactionPayment')
      .select(['transaction', 'reference', 'amountCents', 'method', 'receivedAt', 'reversedAt'])
      .where('transaction', 'in', [...ids])
      .orderBy('receivedAt')
      .execute(),
  ]);
  const byId = new Map(headers.map((h) => [h.id, h]));
  return ids.flatMap((id) => {
    const h = byId.get(id);
    if (!h) return [];
    const reservationExpiresAt = h.reservationExpiresAt ? new Date(h.reservationExpiresAt) : null;
    const read = effectiveState({ state: h.state, stockState: h.stockState, reservationExpiresAt }, now);
    const own = lines.filter((l) => l.transaction === id);
    const view: TransactionView = {
      recordType: 'transaction',
      id: h.id,
      ref_venta: h.refVenta,
      total: h.totalCents / 100,
      currency: h.currency,
      country: h.country,
      state: read.state,
      channel: h.channel,
      amounts: {
        subtotalCents: h.subtotalCents,
        discountCents: h.discountCents,
        totalCents: h.totalCents,
        ivaRate: h.ivaRate,
        ivaCents: h.ivaCents,
      },
      quantity: own.reduce((n, l) => n + l.quantity, 0),
      lines: own.map((l) => ({
        id: l.id,
        productId: l.product,
        title: l.title,
        reference: l.reference,
        manufacturerTitle: l.manufacturerTitle,
        imageUrl: l.imageUrl,
        salesModel: l.salesModel,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        discountPercentage: Number(l.discountPercentage),
        discountCents: l.discountCents,
        totalCents: l.totalCents,
        quotationId: l.quotation,
      })),
      store: { id: h.store, name: h.storeName, pathPrefix: h.storePathPrefix, logotypeUrl: h.storeLogo },
      paymentStoreInfo: paymentStoreInfo(
        {
          name: h.storeName,
          mobile: h.storeMobile,
          transactionClosingForm: h.closingForm,
          addressingAfterTransaction: h.addressing,
          addressingButtonName: h.buttonName,
        },
        h.refVenta,
      ),
      payment:
        read.state === 'pending_payment' && h.paymentReference && h.paymentKind && h.paymentCheckoutUrl && h.paymentExpiresAt
          ? { reference: h.paymentReference, kind: h.paymentKind, checkoutUrl: h.paymentCheckoutUrl, expiresAt: iso(h.paymentExpiresAt)! }
          : null,
      payments: payments
        .filter((p) => p.transaction === id)
        .map((p) => ({
          reference: p.reference,
          amountCents: p.amountCents,
          method: p.method,
          receivedAt: iso(p.receivedAt)!,
          reversedAt: iso(p.reversedAt),
        })),
      reservationExpiresAt: h.stockState === 'reserved' ? iso(h.reservationExpiresAt) : null,
      stockState: h.stockState,
      paidAt: iso(h.paidAt),
      cancelledAt: read.cancelReason ? iso(h.reservationExpiresAt) : iso(h.cancelledAt),
      cancelReason: read.cancelReason ?? h.cancelReason,
      refundDue: h.refundDue,
      comment: h.comment,
      shippingAddress: h.shippingAddress,
      vehicle: h.vehicle,
      quotationId: h.quotation,
      isRead: !h.buyerUnread,
      buyerId: h.buyerId,
      createdAt: iso(h.createdAt)!,
      updatedAt: iso(h.updatedAt)!,
    };
    return [view];
  });
}
