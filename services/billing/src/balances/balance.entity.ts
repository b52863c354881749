import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TransactionType } from '@tuerca/contracts';

export const BALANCE_SOURCES = ['purchase', 'trial', 'manual'] as const;

/**
 * Consultations credited to a person (a purchase, a trial, an operator's manual credit), spent by metering
 * (`remaining`, never negative) and expiring at `expiresAt` (reads check the date themselves).
 */
export const Balance = defineEntity({
  name: 'Balance',
  tableName: 'balances',
  properties: {
    id: p.uuid().primary(),
    userId: p.text(),
    type: p.text().$type<TransactionType>(),
    amount: p.integer().check('amount > 0'),
    remaining: p.integer().check('remaining >= 0'),
    source: p.enum(BALANCE_SOURCES),
    paymentId: p.uuid().nullable(),
    reason: p.text().nullable(),
    creditedBy: p.text().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    expiredAt: p.datetime().nullable(),
    /** When to remind the person of the expiry (`expiryReminderDays` before it, at credit time); null: never. */
    remindAt: p.datetime().nullable(),
    remindedAt: p.datetime().nullable(),
  },
  indexes: [
    // Metering spends the balance that expires first.
    { name: 'balances_spendable', properties: ['userId', 'type', 'expiresAt'], where: 'remaining > 0' },
    // The operator console: newest first, and per person.
    { name: 'balances_created_at', expression: 'create index balances_created_at on balances (created_at desc, id desc)' },
    { name: 'balances_user_created', expression: 'create index balances_user_created on balances (user_id, created_at desc)' },
    // The duties: expiries and reminders still to do (the rows are the duties; jobs only their alarms).
    { name: 'balances_expiry_due', properties: ['expiresAt'], where: 'expired_at is null' },
    { name: 'balances_reminder_due', properties: ['remindAt'], where: 'reminded_at is null and remind_at is not null' },
  ],
});
export type Balance = InferEntity<typeof Balance>;
