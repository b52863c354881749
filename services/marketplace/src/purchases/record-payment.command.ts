import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MarketplacePaymentApproved, MarketplacePaymentFailed, type Actor, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { Clock, ContextDatabase, LOGGER, kysely, withinTransaction, type Logger } from '@tuerca/platform';
import { Inject } from '@nestjs/common';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cancelReasonForFailure, isCovered, onPaymentApproved } from './purchase.rules.js';
import { cancelTransaction, lockTransaction, markPaid, retakeStock } from './transaction-lifecycle.js';

const BILLING: Actor = { kind: 'system', id: 'billing' };

/** billing's MarketplacePaymentApproved: the payment is recorded once, and the transaction is paid when its payments cover it. */
export class RecordGatewayPayment extends Command<'paid' | 'recorded' | 'duplicate' | 'refund-due' | 'unknown'> {
  constructor(
    readonly event: EventEnvelope<PayloadOf<typeof MarketplacePaymentApproved>>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/**
 * Exactly once, however often the gateway's webhook is replayed: the consumer's processed-event row stops a
 * redelivered event, and the unique (source, payment_id) index stops the same payment under another event.
 * Paid is derived from the payments (their sum against the total). A payment that arrives after the hold
 * ended takes the stock again when the store still has it; otherwise the transaction stays cancelled and
 * the money is marked to be returned.
 */
@CommandHandler(RecordGatewayPayment)
export class RecordGatewayPaymentHandler implements ICommandHandler<RecordGatewayPayment> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ event, tx: consumerTx }: RecordGatewayPayment) {
    const p = event.payload;
    const now = this.clock.now();
    return withinTransaction(this.db, consumerTx, async (em) => {
      const tx = await lockTransaction(em, { id: p.transactionId });
      if (!tx) {
        this.logger.warn({ transactionId: p.transactionId, paymentId: p.paymentId }, 'approved payment of an unknown transaction');
        return 'unknown' as const;
      }
      const k = kysely<MarketplaceDB>(em);
      const inserted = await k
        .insertInto('TransactionPayment')
        .values({
          id: randomUUID(),
          transaction: tx.id,
          source: 'gateway',
          paymentId: p.paymentId,
          reference: p.paymentReference,
          amountCents: p.amountInCents,
          currency: p.currency,
          method: p.gateway,
          gatewayTransactionId: p.gatewayTransactionId,
          receivedAt: new Date(p.approvedAt),
          reversedAt: null,
          reversalReason: null,
          createdAt: now,
        })
        .onConflict((oc) => oc.columns(['source', 'paymentId']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return 'duplicate' as const;
      const payments = await k
        .selectFrom('TransactionPayment')
        .select(['amountCents', 'reversedAt'])
        .where('transaction', '=', tx.id)
        .execute();
      const covered = p.currency === tx.currency && isCovered(tx.totalCents, payments);
      switch (onPaymentApproved(tx.state, covered)) {
        case 'mark-paid':
          markPaid(em, tx, p.paymentReference, BILLING, now);
          return 'paid' as const;
        case 're-reserve-then-paid': {
          const retaken = tx.stockState !== 'released' || (await retakeStock(em, tx, BILLING, now));
          if (retaken) {
            if (tx.stockState === 'released') tx.stockState = 'reserved';
            // The lines that went back to the cart when it ended are bought after all.
            const products = await k.selectFrom('TransactionLine').select('product').where('transaction', '=', tx.id).execute();
            await k
              .deleteFrom('CartItem')
              .where('owner', '=', `u:${tx.buyerId}`)
              .where('section', '=', 'cart')
              .where(
                'product',
                'in',
                products.map((x) => x.product),
              )
              .execute();
            markPaid(em, tx, p.paymentReference, BILLING, now);
            return 'paid' as const;
          }
          tx.refundDue = true;
          tx.buyerUnread = true;
          tx.updatedAt = now;
          this.logger.warn(
            { transactionId: tx.id, paymentId: p.paymentId },
            'payment arrived for a transaction that can no longer be honoured',
          );
          return 'refund-due' as const;
        }
        case 'refund-due':
          tx.refundDue = true;
          tx.updatedAt = now;
          this.logger.warn({ transactionId: tx.id, paymentId: p.paymentId }, 'payment to be returned');
          return 'refund-due' as const;
        case 'record-only':
          tx.updatedAt = now;
          return 'recorded' as const;
      }
    });
  }
}

/** billing's MarketplacePaymentFailed: declined, voided, in error or expired — the transaction ends unpaid and its stock goes back. */
export class HandleFailedPayment extends Command<'cancelled' | 'ignored'> {
  constructor(
    readonly event: EventEnvelope<PayloadOf<typeof MarketplacePaymentFailed>>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/**
 * Only the transaction's own open payment ends it (an older payment, replaced by a new request, changes
 * nothing), and only while it waits for a payment: a replay finds it cancelled already and does nothing.
 */
@CommandHandler(HandleFailedPayment)
export class HandleFailedPaymentHandler implements ICommandHandler<HandleFailedPayment> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ event, tx: consumerTx }: HandleFailedPayment) {
    const p = event.payload;
    const now = this.clock.now();
    return withinTransaction(this.db, consumerTx, async (em) => {
      const tx = await lockTransaction(em, { id: p.transactionId });
      if (!tx || tx.state !== 'pending_payment') return 'ignored' as const;
      if (tx.paymentReference && tx.paymentReference !== p.paymentReference) return 'ignored' as const;
      // spec (issue #12): "A declined or expired payment releases the reserved stock."
      await cancelTransaction(em, tx, cancelReasonForFailure(p.status), BILLING, now);
      return 'cancelled' as const;
    });
  }
}
