import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConsultationsCredited, type Actor, type TransactionType } from '@tuerca/contracts';
import { recordEvent } from '@tuerca/platform';
import { Balance } from './balance.entity.js';
import { expiryOf, reminderOf } from './balance.rules.js';

export interface CreditInput {
  userId: string;
  type: TransactionType;
  amount: number;
  validityDays: number;
  source: 'purchase' | 'trial' | 'manual';
  paymentId?: string | null;
  reason?: string | null;
  creditedBy?: string | null;
  /** The app parameter `expiryReminderDays` at credit time: the reminder is a row's time, fixed now. */
  reminderDays: number;
  actor: Actor;
}

/** A credited balance and the times of its duties (its alarms are armed after the commit). */
export interface Credited {
  id: string;
  expiresAt: Date;
  remindAt: Date | null;
}

/**
 * Credits a balance inside the caller's transaction (a purchase's approval, a trial, an operator's credit)
 * and records ConsultationsCredited with it. Its expiry and its reminder are duties of the row itself
 * (`expiresAt`, `remindAt`), written in the same transaction; their alarms are armed after the commit.
 */
export function creditBalance(em: EntityManager, input: CreditInput, now: Date): Credited {
  const id = randomUUID();
  const expiresAt = expiryOf(now, input.validityDays);
  const remindAt = reminderOf(expiresAt, input.reminderDays, now);
  em.persist(
    em.create(Balance, {
      id,
      userId: input.userId,
      type: input.type,
      amount: input.amount,
      remaining: input.amount,
      source: input.source,
      paymentId: input.paymentId ?? null,
      reason: input.reason ?? null,
      creditedBy: input.creditedBy ?? null,
      createdAt: now,
      expiresAt,
      expiredAt: null,
      remindAt,
      remindedAt: null,
    }),
  );
  recordEvent(
    em,
    ConsultationsCredited,
    {
      balanceId: id,
      userId: input.userId,
      type: input.type,
      amount: input.amount,
      expiresAt: expiresAt.toISOString(),
      source: input.source,
      reason: input.reason ?? null,
    },
    { aggregateId: input.userId, actor: input.actor, occurredAt: now },
  );
  return { id, expiresAt, remindAt };
}
