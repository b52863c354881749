import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, t, transactionTypeLabel, type SessionUser } from '@tuerca/contracts';
import { APP_CONFIG, Clock, ContextDatabase, DomainError, type AppConfig } from '@tuerca/platform';
import { formatPrice, type ChargingPlanRow } from '../plans/charging-plan.rules.js';
import { PaymentGateway, type CheckoutForm } from './gateway/payment-gateway.js';
import { newReference, resultUrl, toCents } from './payment.rules.js';

export interface PaymentStarted extends CheckoutForm {
  plan: {
    id: string;
    title: string;
    transaction_type: string;
    transaction_type_label: string;
    amount: number;
    validity_days: number;
    price_label: string;
  };
}

export class CreatePaymentCommand extends Command<PaymentStarted> {
  constructor(
    readonly user: SessionUser,
    readonly planId: string,
  ) {
    super();
  }
}

/**
 * spec 001 §4 "Plan purchase": guests log in first (the route needs a session), an incomplete sign-up
 * completes it first, otherwise a PENDING payment is created and its signed gateway form returned.
 * The payment copies price, currency, consultations and validity from the plan: a later change to the
 * plan never alters a payment under way.
 */
@CommandHandler(CreatePaymentCommand)
export class CreatePaymentHandler implements ICommandHandler<CreatePaymentCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, planId }: CreatePaymentCommand): Promise<PaymentStarted> {
    if (!user.signUpCompleted) throw new DomainError(403, ErrorCodes.SIGN_UP_INCOMPLETE, [t('auth.signUpIncomplete')]);
    const now = this.clock.now();
    const { plan, reference } = await this.db.transactional(async (em) => {
      const plans = await em.execute<ChargingPlanRow[]>('select * from charging_plans where id = ? and active and deleted_at is null', [
        planId,
      ]);
      const plan = plans[0];
      if (!plan) throw new DomainError(404, ErrorCodes.PLAN_NOT_AVAILABLE, [t('payments.planNotAvailable')]);
      // 50 random bits make a clash unlikely; the unique reference turns one into another try, not an error.
      for (let attempt = 0; attempt < 5; attempt++) {
        const reference = newReference();
        const inserted = await em.execute(
          `insert into payments (id, reference, user_id, plan_id, type, consultations, validity_days, amount_in_cents, currency, status, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?) on conflict (reference) do nothing returning id`,
          [
            randomUUID(),
            reference,
            user.id,
            plan.id,
            plan.transaction_type,
            plan.amount,
            plan.validity_days,
            toCents(plan.price),
            plan.currency,
            now,
            now,
          ],
        );
        if (inserted.length > 0) return { plan, reference };
      }
      throw new Error('could not draw a unique payment reference');
    });
    const form = this.gateway.checkoutForm({
      reference,
      amountInCents: toCents(plan.price),
      currency: plan.currency,
      redirectUrl: resultUrl(this.config.PUBLIC_URL, reference),
    });
    return {
      ...form,
      plan: {
        id: plan.id,
        title: plan.title,
        transaction_type: plan.transaction_type,
        transaction_type_label: transactionTypeLabel(plan.transaction_type),
        amount: Number(plan.amount),
        validity_days: Number(plan.validity_days),
        price_label: formatPrice(Number(plan.price), plan.currency),
      },
    };
  }
}
