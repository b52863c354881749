import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ConsultationsCredited,
  ConsultationsExpired,
  ConsultationsExpiringSoon,
  type Actor,
  type TransactionType,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, Jobs, recordEvent } from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { BalanceExpiryJob, BalanceReminderJob } from './balance-jobs.js';

const DAY_MS = 24 * 3600 * 1000;

export interface CreditInput {
  userId: string;
  type: TransactionType;
  amount: number;
  validityDays: number;
  source: 'purchase' | 'trial' | 'manual';
  paymentId?: string | null;
  reason?: string | null;
  creditedBy?: string | null;
  actor: Actor;
}

export interface BalanceRow {
  id: string;
  user_id: string;
  type: TransactionType;
  amount: number;
  remaining: number;
  source: string;
  reason: string | null;
  credited_by: string | null;
  created_at: Date;
  expires_at: Date;
  expired_at: Date | null;
}

/**
 * Balances of consultations: credited by purchases, trials and operators; spent by metering; expired
 * at `expiresAt` (spec: 90 days, 30 for marketplace-integration and order plans; no auto-renew).
 */
@Injectable()
export class BalancesService implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    private readonly parameters: AppParametersService,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(BalanceExpiryJob, ({ balanceId }) => this.expire(balanceId).then(() => undefined));
    this.jobs.handle(BalanceReminderJob, ({ balanceId }) => this.remind(balanceId).then(() => undefined));
  }

  /** Credits a balance inside the caller's transaction; schedule its jobs after commit with `scheduleJobs`. */
  async credit(em: EntityManager, input: CreditInput): Promise<{ id: string; expiresAt: Date }> {
    const now = this.clock.now();
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + input.validityDays * DAY_MS);
    await em.execute(
      `insert into balances (id, user_id, type, amount, remaining, source, payment_id, reason, credited_by, created_at, expires_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        input.userId,
        input.type,
        input.amount,
        input.amount,
        input.source,
        input.paymentId ?? null,
        input.reason ?? null,
        input.creditedBy ?? null,
        now,
        expiresAt,
      ],
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
    return { id, expiresAt };
  }

  /** Schedules the expiry and the reminder of a credited balance (after its transaction committed). */
  async scheduleJobs(balance: { id: string; expiresAt: Date }): Promise<void> {
    const params = await this.parameters.all();
    await this.jobs.schedule(BalanceExpiryJob, { balanceId: balance.id }, { runAt: balance.expiresAt, jobId: `expiry-${balance.id}` });
    const remindAt = new Date(balance.expiresAt.getTime() - params.expiryReminderDays * DAY_MS);
    if (remindAt.getTime() > this.clock.now().getTime())
      await this.jobs.schedule(BalanceReminderJob, { balanceId: balance.id }, { runAt: remindAt, jobId: `reminder-${balance.id}` });
  }

  /** What is left of a balance expires; idempotent, and a no-op before its time. */
  async expire(balanceId: string): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const rows = await em.execute<{ user_id: string; type: TransactionType; remaining: number }[]>(
        `update balances b set expired_at = ?, remaining = 0
         from (select id, remaining from balances where id = ? and expired_at is null and expires_at <= ? for update) old
         where b.id = old.id returning b.user_id, b.type, old.remaining`,
        [now, balanceId, now],
      );
      const row = rows[0];
      if (!row) return false;
      recordEvent(
        em,
        ConsultationsExpired,
        { balanceId, userId: row.user_id, type: row.type, remaining: Number(row.remaining) },
        { aggregateId: row.user_id, actor: { kind: 'system', id: 'billing' }, occurredAt: now },
      );
      await em.flush();
      return true;
    });
  }

  async remind(balanceId: string): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const rows = await em.execute<BalanceRow[]>(
        'select * from balances where id = ? and remaining > 0 and expired_at is null and expires_at > ?',
        [balanceId, now],
      );
      const b = rows[0];
      if (!b) return false;
      recordEvent(
        em,
        ConsultationsExpiringSoon,
        { balanceId, userId: b.user_id, type: b.type, remaining: Number(b.remaining), expiresAt: new Date(b.expires_at).toISOString() },
        { aggregateId: b.user_id, actor: { kind: 'system', id: 'billing' }, occurredAt: now },
      );
      await em.flush();
      return true;
    });
  }

  async listForUser(userId: string): Promise<BalanceRow[]> {
    return this.db.em().execute<BalanceRow[]>('select * from balances where user_id = ? order by expires_at', [userId]);
  }
}
