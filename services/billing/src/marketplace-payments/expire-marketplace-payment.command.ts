import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MarketplacePaymentFailed } from '@tuerca/contracts';
import { Clock, ContextDatabase, recordEvent, withinTransaction } from '@tuerca/platform';
import { Payment } from '../payments/payment.entity.js';
import { isPayable } from './marketplace-payment.rules.js';

/**
 * An unpaid marketplace payment whose time ran out expires: MarketplacePaymentFailed (EXPIRED) tells the
 * marketplace to release the stock. Idempotent, and a no-op before its time or once the payment moved.
 */
export class ExpireMarketplacePayment extends Command<boolean> {
  constructor(
    readonly paymentId: string,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(ExpireMarketplacePayment)
export class ExpireMarketplacePaymentHandler implements ICommandHandler<ExpireMarketplacePayment> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ paymentId, tx }: ExpireMarketplacePayment): Promise<boolean> {
    const now = this.clock.now();
    return withinTransaction(this.db, tx, async (em) => {
      const payment = await em.findOne(Payment, { id: paymentId, purpose: 'marketplace' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!payment || payment.status !== 'PENDING' || isPayable(payment, now)) return false;
      payment.status = 'EXPIRED';
      payment.finalizedAt = now;
      payment.updatedAt = now;
      recordEvent(
        em,
        MarketplacePaymentFailed,
        {
          paymentId: payment.id,
          paymentReference: payment.reference,
          transactionId: payment.transactionId!,
          buyerId: payment.userId,
          status: 'EXPIRED',
        },
        { aggregateId: payment.transactionId!, actor: { kind: 'system', id: 'billing' }, occurredAt: now },
      );
      await em.flush();
      return true;
    });
  }
}
