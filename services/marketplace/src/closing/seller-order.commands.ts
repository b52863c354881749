import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  OrderConfirmedBySeller,
  OrderRejectedBySeller,
  PurchaseDelivered,
  t,
  type SessionUser,
  type TransactionView,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, Jobs, recordEvent } from '@tuerca/platform';
import { readCheckoutWindows } from '../parameters/checkout-windows.js';
import { effectiveState } from '../purchases/purchase.rules.js';
import { scheduleReservationExpiry } from '../purchases/reservation.job.js';
import { cancelTransaction, parties } from '../purchases/transaction-lifecycle.js';
import { readTransactionViews } from '../purchases/transaction-views.js';
import { lockForStore } from './closing-access.js';
import { returnWindowDays } from './return-window.js';
import { returnDeadline } from './returns.rules.js';

/**
 * PATCH .../{id}/confirmOrder. Issue #13: "A seller confirms or rejects an order-model purchase (stock and price
 * confirmed → the buyer is asked to pay; rejected → stock released, buyer told why)". A confirmed order waits
 * for the payment with its stock held for the payment-link window (marketplacePaymentLinkHours).
 */
export class ConfirmOrder extends Command<{ view: TransactionView; confirmed: boolean }> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
    readonly confirmed: boolean,
    readonly reason: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(ConfirmOrder)
export class ConfirmOrderHandler implements ICommandHandler<ConfirmOrder> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
  ) {}

  async execute({ user, id, confirmed, reason }: ConfirmOrder) {
    const now = this.clock.now();
    const actor = { kind: 'user' as const, id: user.id };
    await this.db.transactional(async (em) => {
      const tx = await lockForStore(em, id, user);
      const read = effectiveState(
        { state: tx.state, stockState: tx.stockState, reservationExpiresAt: tx.reservationExpiresAt ?? null },
        now,
      );
      if (tx.channel !== 'order' || read.state !== 'awaiting_confirmation')
        throw new DomainError(409, 'Not awaiting confirmation', [t('closing.notAnOrder')]);
      tx.sellerDecidedAt = now;
      if (confirmed) {
        const windows = await readCheckoutWindows(em);
        tx.state = 'pending_payment';
        if (tx.stockState === 'reserved') tx.reservationExpiresAt = new Date(now.getTime() + windows.linkHours * 3600_000);
        tx.buyerUnread = true;
        tx.sellerUnread = false;
        tx.updatedAt = now;
        recordEvent(
          em,
          OrderConfirmedBySeller,
          { ...parties(tx), paymentDueAt: tx.reservationExpiresAt ? tx.reservationExpiresAt.toISOString() : null },
          { aggregateId: tx.id, actor, occurredAt: now },
        );
      } else {
        tx.sellerRejectionReason = reason!;
        await cancelTransaction(em, tx, 'seller_rejected', actor, now);
        tx.sellerUnread = false;
        recordEvent(em, OrderRejectedBySeller, { ...parties(tx), reason: reason! }, { aggregateId: tx.id, actor, occurredAt: now });
      }
    });
    // The new end of the hold gets its alarm clock (best effort: the sweep re-arms what this misses).
    if (confirmed) await scheduleReservationExpiry(this.jobs, this.db.em(), [id]).catch(() => undefined);
    const [view] = await readTransactionViews(this.db.em(), [id], now);
    return { view: view!, confirmed };
  }
}

/** PATCH .../{id}/markDelivered: the store delivered a paid purchase; the return window counts from now. Repeating it changes nothing. */
export class MarkDelivered extends Command<TransactionView> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(MarkDelivered)
export class MarkDeliveredHandler implements ICommandHandler<MarkDelivered> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id }: MarkDelivered): Promise<TransactionView> {
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const tx = await lockForStore(em, id, user);
      if (tx.deliveredAt) return;
      if (tx.state !== 'paid') throw new DomainError(409, 'Not deliverable', [t('closing.notDeliverable')]);
      tx.deliveredAt = now;
      tx.buyerUnread = true;
      tx.updatedAt = now;
      const days = await returnWindowDays(em, tx.country);
      recordEvent(
        em,
        PurchaseDelivered,
        { ...parties(tx), deliveredAt: now.toISOString(), returnDeadline: returnDeadline(now, tx.country, days).toISOString() },
        { aggregateId: tx.id, actor: { kind: 'user', id: user.id }, occurredAt: now },
      );
    });
    const [view] = await readTransactionViews(this.db.em(), [id], now);
    return view!;
  }
}
