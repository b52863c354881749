import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, t, transactionTypeLabel, type PaymentStarted, type SessionUser } from '@tuerca/contracts';
import { APP_CONFIG, Clock, ContextDatabase, DomainError, kysely, type AppConfig } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { formatPrice, planRefusal } from '../plans/charging-plan.rules.js';
import { PaymentGateway } from './gateway/payment-gateway.js';
import { newReference, resultUrl, toCents } from './payment.rules.js';

export class CreatePlanPayment extends Command<PaymentStarted> {
  constructor(
    readonly user: SessionUser,
    readonly planId: string,
  ) {
    super();
  }
}

/**
 * spec 001 §4 "Plan purchase": guests log in first (the route needs a session), an incomplete sign-up
 * completes it first, a store plan is for stores and a plan is sold in its country (403 otherwise),
 * then a PENDING payment is created and its signed gateway form returned.
 * The payment copies price, currency, consultations and validity from the plan: a later change to the
 * plan never alters a payment under way.
 */
@CommandHandler(CreatePlanPayment)
export class CreatePlanPaymentHandler implements ICommandHandler<CreatePlanPayment> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, planId }: CreatePlanPayment): Promise<PaymentStarted> {
    if (!user.signUpCompleted) throw new DomainError(403, ErrorCodes.SIGN_UP_INCOMPLETE, [t('auth.signUpIncomplete')]);
    const now = this.clock.now();
    const { plan, reference } = await this.db.transactional(async (em) => {
      const k = kysely<BillingDB>(em);
      const plan = await k
        .selectFrom('ChargingPlan')
        .selectAll()
        .where('id', '=', planId)
        .where('active', '=', true)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (!plan) throw new DomainError(404, ErrorCodes.PLAN_NOT_AVAILABLE, [t('payments.planNotAvailable')]);
      const refusal = planRefusal(plan, user);
      if (refusal === 'stores-only') throw new DomainError(403, ErrorCodes.PLAN_NOT_AVAILABLE, [t('payments.planForStores')]);
      if (refusal === 'other-country')
        throw new DomainError(403, ErrorCodes.PLAN_NOT_AVAILABLE, [
          t('payments.planForOtherCountry', { country: plan.currency === 'MXN' ? 'México' : 'Colombia' }),
        ]);
      // 50 random bits make a clash unlikely; the unique reference turns one into another try, not an error.
      for (let attempt = 0; attempt < 5; attempt++) {
        const reference = newReference();
        const inserted = await k
          .insertInto('Payment')
          .values({
            id: randomUUID(),
            reference,
            purpose: 'plan',
            userId: user.id,
            plan: plan.id,
            type: plan.transactionType,
            consultations: plan.amount,
            validityDays: plan.validityDays,
            amountInCents: toCents(plan.price),
            currency: plan.currency,
            status: 'PENDING',
            createdAt: now,
            updatedAt: now,
          })
          .onConflict((oc) => oc.column('reference').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) return { plan, reference };
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
        transaction_type: plan.transactionType,
        transaction_type_label: transactionTypeLabel(plan.transactionType),
        amount: plan.amount,
        validity_days: plan.validityDays,
        price_label: formatPrice(Number(plan.price), plan.currency),
      },
    };
  }
}
