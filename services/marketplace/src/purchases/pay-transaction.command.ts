import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { t, type CheckoutResult } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError } from '@tuerca/platform';
import { readTransactionViews } from './transaction-views.js';
import { PaymentRequests } from './payment-requests.js';
import { PaymentsUnavailableError } from './payments.gateway.js';

/**
 * saveOnlinePurchase or createPaymentLink with a transactionId: the payment (the gateway's page, or a link to
 * send) of one of the buyer's transactions that waits for one — a confirmed order, a quotation order, an
 * online purchase whose page was closed.
 */
export class PayTransaction extends Command<CheckoutResult> {
  constructor(
    readonly buyerId: string,
    readonly transactionId: string,
    readonly kind: 'checkout' | 'link',
  ) {
    super();
  }
}

@CommandHandler(PayTransaction)
export class PayTransactionHandler implements ICommandHandler<PayTransaction> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly payments: PaymentRequests,
  ) {}

  async execute({ buyerId, transactionId, kind }: PayTransaction): Promise<CheckoutResult> {
    const [before] = await readTransactionViews(this.db.em(), [transactionId], this.clock.now());
    if (!before || before.buyerId !== buyerId) throw new NotFoundError();
    if (before.state === 'awaiting_confirmation') throw new DomainError(409, 'Not payable', [t('checkout.awaitingConfirmation')]);
    if (before.state === 'cancelled' && before.cancelReason === 'reservation_expired')
      throw new DomainError(409, 'Not payable', [t('checkout.reservationEnded')]);
    if (before.state !== 'pending_payment') throw new DomainError(409, 'Not payable', [t('checkout.notPayable')]);
    if (!(await this.payments.ensure([transactionId], kind))) throw new PaymentsUnavailableError(`transaction ${transactionId}`);
    const transactions = await readTransactionViews(this.db.em(), [transactionId], this.clock.now());
    return { transactions, replayed: false };
  }
}
