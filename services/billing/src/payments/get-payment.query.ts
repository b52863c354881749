import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, transactionTypeLabel, type PaymentView } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { formatExpiry } from '../metering/metering.rules.js';
import { formatPrice } from '../plans/charging-plan.rules.js';
import { statusLabel } from './payment.rules.js';

/** A plan payment as its owner sees it on the result page; anyone else gets 404, so a reference reveals nothing. */
export class GetPlanPayment extends Query<PaymentView> {
  constructor(
    readonly reference: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetPlanPayment)
export class GetPlanPaymentHandler implements IQueryHandler<GetPlanPayment> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ reference, userId }: GetPlanPayment): Promise<PaymentView> {
    const k = kysely<BillingDB>(this.db.em());
    const p = await k
      .selectFrom('Payment as p')
      .innerJoin('ChargingPlan as c', 'c.id', 'p.plan')
      .selectAll('p')
      .select('c.title as planTitle')
      .where('p.reference', '=', reference)
      .where('p.userId', '=', userId)
      .where('p.purpose', '=', 'plan')
      .executeTakeFirst();
    if (!p) throw new NotFoundError(t('payments.transactionNotFound'));
    const [balance, available] = await Promise.all([
      p.balanceId
        ? k.selectFrom('Balance').select(['amount', 'remaining', 'expiresAt']).where('id', '=', p.balanceId).executeTakeFirst()
        : Promise.resolve(undefined),
      k
        .selectFrom('Balance')
        .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('remaining'), eb.lit(0)).as('amount'), eb.fn.min('expiresAt').as('expiresAt')])
        .where('userId', '=', userId)
        .where('type', '=', p.type!)
        .where('remaining', '>', 0)
        .where('expiresAt', '>', this.clock.now())
        .executeTakeFirst(),
    ]);
    const expiredDate = balance ? formatExpiry(balance.expiresAt) : null;
    const nearest = available?.expiresAt ? new Date(available.expiresAt as Date | string) : null;
    return {
      reference: p.reference,
      status: p.status,
      statusLabel: statusLabel(p.status),
      detail:
        p.status === 'APPROVED'
          ? t('payments.approvedDetail', { amount: p.consultations!, date: expiredDate ?? '' })
          : p.status === 'PENDING'
            ? t('payments.pendingDetail')
            : t('payments.declinedDetail'),
      amountInCents: p.amountInCents,
      currency: p.currency,
      priceLabel: formatPrice(p.amountInCents / 100, p.currency),
      plan: {
        id: p.plan!,
        title: p.planTitle,
        transaction_type: p.type!,
        transaction_type_label: transactionTypeLabel(p.type!),
        amount: p.consultations!,
        validity_days: p.validityDays!,
      },
      createdAt: p.createdAt.toISOString(),
      finalizedAt: p.finalizedAt ? p.finalizedAt.toISOString() : null,
      credited: balance
        ? { amount: balance.amount, remaining: balance.remaining, expiresAt: balance.expiresAt.toISOString(), expiredDate }
        : null,
      consultationsAvailable: { amount: Number(available?.amount ?? 0), expiredDate: formatExpiry(nearest) },
    };
  }
}
