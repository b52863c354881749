import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  BROWSING_WINDOW_HOURS,
  COUNTER_WINDOW_DAYS,
  ConsultationConsumed,
  ErrorCodes,
  t,
  type ConsumeRequest,
  type MessageKey,
  type MeteredKind,
  type ConsumeResult,
  type AppParameters,
  type MeterRequest,
  type MeterStatus,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, recordEvent, type Metering } from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { BALANCE_TYPE, EXHAUSTED_CODE, decide, formatExpiry, thresholdsFor, type MeterDecision } from './metering.rules.js';

const DAY_MS = 24 * 3600 * 1000;

const LOGIN_TEXT: Record<MeteredKind, MessageKey> = {
  catalog: 'catalog.loginRequired',
  substitutions: 'substitutions.loginRequired',
  plate: 'session.loginRequired',
};
const EXHAUSTED_TEXT: Record<MeteredKind, MessageKey> = {
  catalog: 'plans.exhaustedCatalog',
  substitutions: 'plans.exhaustedSubstitutions',
  plate: 'plans.exhaustedPlate',
};

interface Snapshot {
  count: number;
  countInStore: number;
  windowExpiresAt: Date | null;
  typeBalance: { amount: number; expiresAt: Date | null };
  generalBalance: { amount: number; expiresAt: Date | null };
  /** The request id was consumed already (idempotency). */
  duplicate?: boolean;
}

/**
 * Metering of the spec's lookups (billing owns every rule; other contexts ask through MeteringClient).
 * Consuming is atomic per person and kind (a transaction-scoped advisory lock), spends the balance
 * that expires first, is idempotent by request id, and records ConsultationConsumed with the change.
 */
@Injectable()
export class MeteringService implements Metering {
  constructor(
    private readonly db: ContextDatabase,
    private readonly parameters: AppParametersService,
    private readonly clock: Clock,
  ) {}

  async status(request: MeterRequest): Promise<MeterStatus> {
    const params = await this.parameters.all();
    const snapshot = await this.snapshot(this.db.em(), request, this.clock.now());
    return this.toStatus(request, snapshot, this.decision(request, snapshot, params));
  }

  async authorize(request: MeterRequest): Promise<MeterStatus> {
    const status = await this.status(request);
    if (!status.allowed) throw this.denial(request, status.denial!);
    return status;
  }

  async consume(request: ConsumeRequest): Promise<ConsumeResult> {
    const now = this.clock.now();
    const owner = request.who;
    // Read before the transaction: inside it, waiting for another pooled connection could deadlock the pool.
    const params = await this.parameters.all();
    return this.db.transactional(async (em) => {
      // One consumption at a time per person and kind: the free allowance and balances cannot be double-spent.
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`meter:${owner.kind}:${owner.id}:${request.kind}`]);
      // Counters, window, balances and whether this request was already consumed: one round trip.
      const before = await this.snapshot(em, request, now, request.requestId);
      if (before.duplicate) {
        return { chargedFrom: 'duplicate' as const, status: this.toStatus(request, before, this.decision(request, before, params)) };
      }
      const decision = this.decision(request, before, params);
      if (!decision.allowed) throw this.denial(request, decision.denial!);
      if (decision.source === 'window') return { chargedFrom: 'window' as const, status: this.toStatus(request, before, decision) };

      let spent: { id: string; remaining: number } | null = null;
      let source = decision.source!;
      if (source === 'balance' || source === 'general') {
        spent = await this.spend(em, owner.id, source === 'balance' ? BALANCE_TYPE[request.kind] : 'general_inquiries', now);
        if (!spent && source === 'balance') {
          source = 'general';
          spent = await this.spend(em, owner.id, 'general_inquiries', now);
        }
        if (!spent) throw this.denial(request, decision.denial ?? EXHAUSTED_CODE[request.kind]);
      }
      const balanceId = spent?.id ?? null;
      const consumptionId = randomUUID();
      // The consumption and its 12-hour browsing window in one statement.
      await em.execute(
        `with consumed as (
           insert into consumptions (id, owner_kind, owner_id, kind, subject, store_id, charged_from, balance_id, request_id, consumed_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?))
         insert into browsing_windows (owner_kind, owner_id, kind, subject, opened_at, expires_at) values (?, ?, ?, ?, ?, ?)
         on conflict (owner_kind, owner_id, kind, subject) do update set opened_at = excluded.opened_at, expires_at = excluded.expires_at`,
        [
          consumptionId,
          owner.kind,
          owner.id,
          request.kind,
          request.subject,
          request.storeId ?? null,
          source,
          balanceId,
          request.requestId,
          now,
          owner.kind,
          owner.id,
          request.kind,
          request.subject,
          now,
          new Date(now.getTime() + BROWSING_WINDOW_HOURS * 3600 * 1000),
        ],
      );
      recordEvent(
        em,
        ConsultationConsumed,
        {
          consumptionId,
          owner,
          kind: request.kind,
          subject: request.subject,
          storeId: request.storeId ?? null,
          chargedFrom: source,
          balanceId,
          requestId: request.requestId,
        },
        { aggregateId: `${owner.kind}:${owner.id}`, actor: { kind: owner.kind, id: owner.id }, occurredAt: now },
      );
      await em.flush();
      const after = spent?.remaining === 0 ? await this.snapshot(em, request, now) : this.afterConsumption(before, request, source, now);
      return { chargedFrom: source, status: this.toStatus(request, after, this.decision(request, after, params)) };
    });
  }

  /** Takes one consultation from the balance of `type` that expires first; null when none is left. */
  private async spend(em: EntityManager, userId: string, type: string, now: Date): Promise<{ id: string; remaining: number } | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const rows = await em.execute<{ id: string; remaining: number }[]>(
        `update balances set remaining = remaining - 1
         where id = (select id from balances where user_id = ? and type = ? and remaining > 0 and expires_at > ?
                     order by expires_at, created_at limit 1 for update)
           and remaining > 0
         returning id, remaining`,
        [userId, type, now],
      );
      if (rows[0]) return { id: rows[0].id, remaining: Number(rows[0].remaining) };
      const left = await em.execute<{ n: string }[]>(
        'select count(*) as n from balances where user_id = ? and type = ? and remaining > 0 and expires_at > ?',
        [userId, type, now],
      );
      if (Number(left[0]!.n) === 0) return null;
    }
    return null;
  }

  /** Everything a decision needs, in one round trip. */
  private async snapshot(em: EntityManager, r: MeterRequest, now: Date, requestId?: string): Promise<Snapshot> {
    const since = new Date(now.getTime() - COUNTER_WINDOW_DAYS * DAY_MS);
    const isUser = r.who.kind === 'user';
    const rows = await em.execute<
      {
        total: string;
        in_store: string;
        window_expires: Date | null;
        type_amount: string;
        type_expires: Date | null;
        general_amount: string;
        general_expires: Date | null;
        duplicate: boolean;
      }[]
    >(
      `with c as (
         select count(*) as total, count(*) filter (where store_id = ?) as in_store from consumptions
         where owner_kind = ? and owner_id = ? and kind = ? and consumed_at > ?),
       b as (
         select type, sum(remaining) as amount, min(expires_at) as expires from balances
         where ? and user_id = ? and type in (?, 'general_inquiries') and remaining > 0 and expires_at > ? group by type)
       select c.total, c.in_store,
         (select expires_at from browsing_windows where owner_kind = ? and owner_id = ? and kind = ? and subject = ? and expires_at > ?) as window_expires,
         coalesce((select amount from b where type = ?), 0) as type_amount, (select expires from b where type = ?) as type_expires,
         coalesce((select amount from b where type = 'general_inquiries'), 0) as general_amount,
         (select expires from b where type = 'general_inquiries') as general_expires,
         exists (select 1 from consumptions where owner_kind = ? and owner_id = ? and request_id = ?) as duplicate
       from c`,
      [
        r.storeId ?? '',
        r.who.kind,
        r.who.id,
        r.kind,
        since,
        isUser,
        r.who.id,
        BALANCE_TYPE[r.kind],
        now,
        r.who.kind,
        r.who.id,
        r.kind,
        r.subject ?? '',
        now,
        BALANCE_TYPE[r.kind],
        BALANCE_TYPE[r.kind],
        r.who.kind,
        r.who.id,
        requestId ?? '',
      ],
    );
    const row = rows[0]!;
    const date = (d: Date | string | null) => (d ? new Date(d) : null);
    return {
      count: Number(row.total),
      countInStore: Number(row.in_store),
      windowExpiresAt: r.subject ? date(row.window_expires) : null,
      typeBalance: { amount: Number(row.type_amount), expiresAt: date(row.type_expires) },
      generalBalance: { amount: Number(row.general_amount), expiresAt: date(row.general_expires) },
      duplicate: row.duplicate === true,
    };
  }

  /** The snapshot after one consultation, without another round trip. */
  private afterConsumption(s: Snapshot, r: ConsumeRequest, source: string, now: Date): Snapshot {
    return {
      count: s.count + 1,
      countInStore: s.countInStore + (r.storeId ? 1 : 0),
      windowExpiresAt: new Date(now.getTime() + BROWSING_WINDOW_HOURS * 3600 * 1000),
      typeBalance: source === 'balance' ? { ...s.typeBalance, amount: s.typeBalance.amount - 1 } : s.typeBalance,
      generalBalance: source === 'general' ? { ...s.generalBalance, amount: s.generalBalance.amount - 1 } : s.generalBalance,
    };
  }

  private decision(r: MeterRequest, s: Snapshot, params: AppParameters): MeterDecision {
    const inStore = Boolean(r.storeId);
    return decide({
      kind: r.kind,
      isGuest: r.who.kind === 'guest',
      count: inStore ? s.countInStore : s.count,
      windowOpen: s.windowExpiresAt !== null,
      typeBalance: s.typeBalance.amount,
      generalBalance: s.generalBalance.amount,
      thresholds: thresholdsFor(r.kind, params, inStore),
    });
  }

  private toStatus(r: MeterRequest, s: Snapshot, d: MeterDecision): MeterStatus {
    return {
      kind: r.kind,
      isGuest: r.who.kind === 'guest',
      searchesPerformed: s.count,
      searchesPerformedInStore: s.countInStore,
      consultationsAvailable: { amount: s.typeBalance.amount, expiredDate: formatExpiry(s.typeBalance.expiresAt) },
      generalInquiriesAvailable: { amount: s.generalBalance.amount, expiredDate: formatExpiry(s.generalBalance.expiresAt) },
      freeRemaining: d.freeRemaining,
      loginPrompt: d.loginPrompt,
      windowOpen: s.windowExpiresAt !== null,
      windowExpiresAt: s.windowExpiresAt?.toISOString() ?? null,
      allowed: d.allowed,
      denial: d.denial,
      canShowPartNumbers: d.canShowPartNumbers,
    };
  }

  /** The spec's answers: 401 'Login required' (plate: 403), 401 'Exhausted … inquiries', with Spanish texts. */
  private denial(r: MeterRequest, code: string): DomainError {
    if (code === ErrorCodes.LOGIN_REQUIRED) return new DomainError(r.kind === 'plate' ? 403 : 401, code, [t(LOGIN_TEXT[r.kind])]);
    return new DomainError(401, code, [t(EXHAUSTED_TEXT[r.kind])]);
  }
}
