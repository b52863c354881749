import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, ContextDatabase, LOGGER, errorText, kysely, type AppConfig, type Logger } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { effectiveState } from './purchase.rules.js';
import { PaymentsGateway } from './payments.gateway.js';

/** The console page the gateway sends the payer back to. */
export function paymentReturnUrl(publicUrl: string, transactionId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/compras/resultado?transaccion=${encodeURIComponent(transactionId)}`;
}

/**
 * Asks billing for the payment of transactions that wait for one and keeps the payment's page on the
 * transaction. It runs after the checkout's database transaction has committed (a call to another service
 * never holds a transaction open); billing answers the same open payment when asked again, so a retry or a
 * replayed request never makes a second payment. A failure is reported, not thrown: the purchase stays
 * registered and payable from 'Mis compras'.
 */
@Injectable()
export class PaymentRequests {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: PaymentsGateway,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Returns whether every transaction that waits for a payment has one now. */
  async ensure(ids: readonly string[], kind: 'checkout' | 'link'): Promise<boolean> {
    if (ids.length === 0) return true;
    const now = this.clock.now();
    const rows = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Transaction as t')
      .innerJoin('Store as s', 's.id', 't.store')
      .select([
        't.id',
        't.refVenta',
        't.buyerId',
        't.store as storeId',
        's.name as storeName',
        't.totalCents',
        't.currency',
        't.state',
        't.stockState',
        't.reservationExpiresAt',
        't.paymentReference',
        't.paymentKind',
        't.paymentExpiresAt',
      ])
      .where('t.id', 'in', [...ids])
      .execute();
    let ok = true;
    for (const row of rows) {
      const reservationExpiresAt = row.reservationExpiresAt ? new Date(row.reservationExpiresAt) : null;
      const read = effectiveState({ state: row.state, stockState: row.stockState, reservationExpiresAt }, now);
      if (read.state !== 'pending_payment' || row.totalCents <= 0) continue;
      const open = row.paymentReference && row.paymentExpiresAt && new Date(row.paymentExpiresAt) > now;
      if (open && row.paymentKind === kind) continue;
      // Until when the payment may be made: while the stock is held (records older than reservations: a day).
      const expiresAt = reservationExpiresAt ?? new Date(now.getTime() + 24 * 3600 * 1000);
      try {
        const payment = await this.gateway.request({
          transactionId: row.id,
          refVenta: row.refVenta,
          buyerId: row.buyerId,
          storeId: row.storeId,
          storeName: row.storeName,
          amountInCents: row.totalCents,
          currency: row.currency,
          expiresAt: expiresAt.toISOString(),
          returnUrl: paymentReturnUrl(this.config.PUBLIC_URL, row.id),
          kind,
        });
        await kysely<MarketplaceDB>(this.db.em())
          .updateTable('Transaction')
          .set({
            paymentReference: payment.paymentReference,
            paymentKind: kind,
            paymentCheckoutUrl: payment.checkoutUrl,
            paymentExpiresAt: new Date(payment.expiresAt),
            updatedAt: now,
          })
          .where('id', '=', row.id)
          .where('state', '=', 'pending_payment')
          .execute();
      } catch (err) {
        ok = false;
        this.logger.warn({ transactionId: row.id, err: errorText(err) }, 'payment request failed');
      }
    }
    return ok;
  }
}
