import { Injectable } from '@nestjs/common';
import { t, transactionTypeLabel, type Currency, type TransactionType } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { formatExpiry } from '../metering/metering.rules.js';
import { formatPrice } from '../plans/charging-plan.rules.js';
import { statusLabel, type PaymentRow, type PaymentStatus } from './payment.rules.js';

/** A payment with the plan it bought (the plan row stays after a soft delete, for this history). */
export interface PaymentWithPlan extends PaymentRow {
  balance_id: string | null;
  created_at: Date;
  finalized_at: Date | null;
  plan_title: string;
}

export interface PaymentView {
  reference: string;
  status: PaymentStatus;
  statusLabel: string;
  /** What the result page tells the person. */
  detail: string;
  amountInCents: number;
  currency: Currency;
  priceLabel: string;
  plan: {
    id: string;
    title: string;
    transaction_type: TransactionType;
    transaction_type_label: string;
    amount: number;
    validity_days: number;
  };
  createdAt: string;
  finalizedAt: string | null;
  /** After approval: the balance this payment credited. */
  credited: { amount: number; remaining: number; expiresAt: string; expiredDate: string | null } | null;
  /** What the person has now of the plan's type, as the counters show it (DD/MM/YYYY nearest expiry). */
  consultationsAvailable: { amount: number; expiredDate: string | null };
}

@Injectable()
export class PaymentsReader {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async byReference(reference: string): Promise<PaymentWithPlan | null> {
    const rows = await this.db
      .em()
      .execute<PaymentWithPlan[]>(
        `select p.*, c.title as plan_title from payments p join charging_plans c on c.id = p.plan_id where p.reference = ?`,
        [reference],
      );
    return rows[0] ?? null;
  }

  /** The payment as its owner sees it; null for anyone else, so a reference reveals nothing to others. */
  async forOwner(reference: string, userId: string): Promise<PaymentView | null> {
    const p = await this.byReference(reference);
    if (!p || p.user_id !== userId) return null;
    const em = this.db.em();
    const now = this.clock.now();
    const [balances, available] = await Promise.all([
      p.balance_id
        ? em.execute<{ amount: number; remaining: number; expires_at: Date }[]>(
            'select amount, remaining, expires_at from balances where id = ?',
            [p.balance_id],
          )
        : Promise.resolve([]),
      em.execute<{ amount: string; expires_at: Date | null }[]>(
        `select coalesce(sum(remaining), 0) as amount, min(expires_at) as expires_at from balances
         where user_id = ? and type = ? and remaining > 0 and expires_at > ?`,
        [userId, p.type, now],
      ),
    ]);
    const balance = balances[0];
    const amountInCents = Number(p.amount_in_cents);
    const expiredDate = balance ? formatExpiry(new Date(balance.expires_at)) : null;
    return {
      reference: p.reference,
      status: p.status,
      statusLabel: statusLabel(p.status),
      detail:
        p.status === 'APPROVED'
          ? t('payments.approvedDetail', { amount: Number(p.consultations), date: expiredDate ?? '' })
          : p.status === 'PENDING'
            ? t('payments.pendingDetail')
            : t('payments.declinedDetail'),
      amountInCents,
      currency: p.currency,
      priceLabel: formatPrice(amountInCents / 100, p.currency),
      plan: {
        id: p.plan_id,
        title: p.plan_title,
        transaction_type: p.type,
        transaction_type_label: transactionTypeLabel(p.type),
        amount: Number(p.consultations),
        validity_days: Number(p.validity_days),
      },
      createdAt: new Date(p.created_at).toISOString(),
      finalizedAt: p.finalized_at ? new Date(p.finalized_at).toISOString() : null,
      credited: balance
        ? {
            amount: Number(balance.amount),
            remaining: Number(balance.remaining),
            expiresAt: new Date(balance.expires_at).toISOString(),
            expiredDate,
          }
        : null,
      consultationsAvailable: {
        amount: Number(available[0]?.amount ?? 0),
        expiredDate: formatExpiry(available[0]?.expires_at ? new Date(available[0].expires_at) : null),
      },
    };
  }
}
