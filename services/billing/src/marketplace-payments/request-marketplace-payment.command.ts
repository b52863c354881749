import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, t, type MarketplacePayment, type MarketplacePaymentRequest } from '@tuerca/contracts';
import { APP_CONFIG, Clock, ContextDatabase, DomainError, ValidationError, kysely, type AppConfig } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { billingConfig, type BillingConfig } from '../billing.config.js';
import { DutyScheduler } from '../duties/duty-scheduler.js';
import { PaymentGateway } from '../payments/gateway/payment-gateway.js';
import { newReference } from '../payments/payment.rules.js';
import { ExpireMarketplacePayment } from './expire-marketplace-payment.command.js';
import { decideRequest, isOurUrl, linkToken } from './marketplace-payment.rules.js';
import { PaymentExpiryDuty } from './payment-expiry.duty.js';

/** The marketplace asks billing for the payment of one of its transactions (the port MarketplacePayments). */
export class RequestMarketplacePayment extends Command<MarketplacePayment> {
  constructor(readonly request: MarketplacePaymentRequest) {
    super();
  }
}

/**
 * One payment per transaction (DESIGN §4): asking again answers the open one (a double click, a retry, two
 * tabs); a paid transaction answers its approved payment; an expired or failed one gives way to a new one.
 * Requests for one transaction are serialised by a transaction-scoped advisory lock, and the unique index of
 * open payments per transaction holds it even without. The payment expires at `expiresAt` — the row is that
 * duty; its alarm is armed after the commit and the sweep delivers it whatever happens to the alarm.
 */
@CommandHandler(RequestMarketplacePayment)
export class RequestMarketplacePaymentHandler implements ICommandHandler<RequestMarketplacePayment> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: PaymentGateway,
    private readonly duties: DutyScheduler,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
  ) {}

  async execute({ request }: RequestMarketplacePayment): Promise<MarketplacePayment> {
    if (!isOurUrl(request.returnUrl, this.app.PUBLIC_URL))
      throw new ValidationError([t('payments.returnUrlNotOurs')], [{ path: 'returnUrl', message: t('payments.returnUrlNotOurs') }]);
    const now = this.clock.now();
    const payment = await this.db.transactional(async (em) => {
      const k = kysely<BillingDB>(em);
      await k
        .selectNoFrom((eb) =>
          eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`marketplace-payment:${request.transactionId}`)])]).as('locked'),
        )
        .execute();
      const existing = await k
        .selectFrom('Payment')
        .select(['id', 'status', 'amountInCents', 'currency', 'expiresAt'])
        .where('transactionId', '=', request.transactionId)
        .execute();
      const decision = decideRequest(
        existing.map((p) => ({ ...p, expiresAt: p.expiresAt! })),
        request,
        now,
      );
      if (decision.action === 'refuse')
        throw decision.why === 'mismatch'
          ? new DomainError(409, ErrorCodes.PAYMENT_MISMATCH, [t('payments.purchaseMismatch')])
          : new DomainError(409, ErrorCodes.PAYMENT_EXPIRED, [t('payments.expiryInPast')]);
      if (decision.action === 'answer') {
        await k
          .updateTable('Payment')
          .set({ expiresAt: decision.expiresAt, updatedAt: now })
          .where('id', '=', decision.paymentId)
          .where('status', '=', 'PENDING')
          .where('expiresAt', '<', decision.expiresAt)
          .execute();
      } else {
        if (decision.expire) await this.commands.execute(new ExpireMarketplacePayment(decision.expire, em));
        await this.insert(k, request, now);
      }
      return k
        .selectFrom('Payment')
        .select(['id', 'reference', 'status', 'amountInCents', 'currency', 'expiresAt', 'kind'])
        .where('transactionId', '=', request.transactionId)
        .orderBy((eb) => eb.case().when('status', '=', 'APPROVED').then(0).when('status', '=', 'PENDING').then(1).else(2).end())
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
    });
    if (payment.status === 'PENDING') await this.duties.arm(PaymentExpiryDuty, payment.id, payment.expiresAt!);
    const form = this.gateway.checkoutForm({
      reference: payment.reference,
      amountInCents: payment.amountInCents,
      currency: payment.currency,
      redirectUrl: request.returnUrl,
      expiresAt: payment.expiresAt,
      linkToken: request.kind === 'link' ? linkToken(this.config.PAYMENT_INTEGRITY_SECRET, payment.id) : null,
    });
    return {
      paymentReference: payment.reference,
      transactionId: request.transactionId,
      status: payment.status,
      amountInCents: payment.amountInCents,
      currency: payment.currency,
      expiresAt: payment.expiresAt!.toISOString(),
      checkoutUrl: form.checkoutUrl,
    };
  }

  private async insert(k: ReturnType<typeof kysely<BillingDB>>, r: MarketplacePaymentRequest, now: Date): Promise<void> {
    // 50 random bits make a clash unlikely; the unique reference turns one into another try, not an error.
    for (let attempt = 0; attempt < 5; attempt++) {
      const inserted = await k
        .insertInto('Payment')
        .values({
          id: randomUUID(),
          reference: newReference(),
          purpose: 'marketplace',
          userId: r.buyerId,
          amountInCents: r.amountInCents,
          currency: r.currency,
          status: 'PENDING',
          transactionId: r.transactionId,
          refVenta: r.refVenta,
          storeId: r.storeId,
          storeName: r.storeName,
          returnUrl: r.returnUrl,
          kind: r.kind,
          expiresAt: new Date(r.expiresAt),
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return;
    }
    throw new Error('could not draw a unique payment reference');
  }
}
