import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { COUNTER_WINDOW_DAYS, ConsultationConsumed, type EventEnvelope, type MeteredKind, type PayloadOf } from '@tuerca/contracts';
import { Clock, ContextDatabase, ContextRegistry } from '@tuerca/platform';

type Consumed = PayloadOf<typeof ConsultationConsumed>;

/**
 * The quota-counter read model: consultations per person, kind, store and day, fed by
 * ConsultationConsumed. It answers the counters the consoles show (last 30 days) and can be rebuilt
 * by replaying the log.
 */
@Injectable()
export class QuotaCountersProjection implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'quota-counters',
      events: [ConsultationConsumed],
      handle: (event, em) => this.apply(event as EventEnvelope<Consumed>, em),
    });
  }

  async apply(event: EventEnvelope<Consumed>, em: EntityManager): Promise<void> {
    const p = event.payload;
    await em.execute(
      `insert into quota_counters (owner_kind, owner_id, kind, store_id, day, count) values (?, ?, ?, ?, (?::timestamptz at time zone 'America/Bogota')::date, 1)
       on conflict (owner_kind, owner_id, kind, store_id, day) do update set count = quota_counters.count + 1`,
      [p.owner.kind, p.owner.id, p.kind, p.storeId ?? '', event.occurredAt],
    );
  }

  /** Consultations in the last 30 days, overall and inside one store. */
  async counts(
    owner: { kind: string; id: string },
    kind: MeteredKind,
    storeId?: string | null,
  ): Promise<{ total: number; inStore: number }> {
    const since = new Date(this.clock.now().getTime() - COUNTER_WINDOW_DAYS * 24 * 3600 * 1000);
    const rows = await this.db.em().execute<{ total: string | null; in_store: string | null }[]>(
      `select sum(count) as total, sum(count) filter (where store_id = ?) as in_store from quota_counters
       where owner_kind = ? and owner_id = ? and kind = ? and day > (?::timestamptz at time zone 'America/Bogota')::date`,
      [storeId ?? '', owner.kind, owner.id, kind, since],
    );
    return { total: Number(rows[0]?.total ?? 0), inStore: Number(rows[0]?.in_store ?? 0) };
  }
}
