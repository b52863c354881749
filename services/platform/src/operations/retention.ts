import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import type { AppConfig } from '../config/config.js';
import { kysely, type ContextDatabase, type KernelDB, type KyselyDB } from '../database/context-database.js';
import { EventBus } from '../events/event-bus.js';
import { errorText } from '../events/process-event.js';
import { Jobs, defineJob } from '../jobs/jobs.js';
import type { Logger } from '../logging/logger.js';
import { ContextRegistry } from '../module/context-registry.js';
import { APP_CONFIG, LOGGER } from '../module/tokens.js';
import type { EVENT_LOG_ENTITIES } from '../outbox/outbox-event.entity.js';
import { Clock } from '../time/clock.js';

type EventLogDB = KyselyDB<typeof EVENT_LOG_ENTITIES>;

export const RetentionJob = defineJob<Record<string, never>>('platform', 'retention');

/** Rows deleted per statement: short transactions, no long lock on the tables consumers write. */
const BATCH = 5000;
const DAY_MS = 24 * 3600 * 1000;

export interface RetentionReport {
  outbox: number;
  processed: number;
  deadLetters: number;
  eventLog: number;
  /** The log position no group has passed (nothing at or after it is pruned). */
  slowestPosition: string | null;
}

/**
 * The kernel's bookkeeping does not grow forever: published outbox rows, processed-event rows, resolved
 * dead letters and the postgres transport's log are pruned after their retention by a job in the worker.
 * The log is never pruned past the slowest consumer group's position (a group that has not read yet
 * holds it at 0), so no group loses an event it has not applied. Read models keep what their queries need.
 */
@Injectable()
export class Retention implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private log: ContextDatabase | null = null;

  constructor(
    private readonly jobs: Jobs,
    private readonly registry: ContextRegistry,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(RetentionJob, async () => {
      const report = await this.prune();
      this.logger.info({ retention: report }, 'retention pruned');
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    await this.jobs.every(RetentionJob, this.config.RETENTION_EVERY_MINUTES * 60_000, {});
  }

  async onModuleDestroy(): Promise<void> {
    await this.log?.close();
    this.log = null;
  }

  private async deleteInBatches(run: () => Promise<bigint | number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = Number(await run());
      total += n;
      if (n < BATCH) return total;
    }
  }

  /** One pass over every context this process runs, and over the log when the postgres transport is in use. */
  async prune(now: Date = this.clock.now()): Promise<RetentionReport> {
    const eventCutoff = new Date(now.getTime() - this.config.EVENT_RETENTION_DAYS * DAY_MS);
    const processedCutoff = new Date(now.getTime() - this.config.PROCESSED_EVENT_RETENTION_DAYS * DAY_MS);
    const report: RetentionReport = { outbox: 0, processed: 0, deadLetters: 0, eventLog: 0, slowestPosition: null };
    for (const db of this.registry.databases) {
      try {
        const k = () => kysely<KernelDB>(db.em());
        report.outbox += await this.deleteInBatches(async () => {
          const r = await k()
            .deleteFrom('OutboxEvent')
            .where('id', 'in', k().selectFrom('OutboxEvent').select('id').where('publishedAt', '<', eventCutoff).orderBy('id').limit(BATCH))
            .executeTakeFirst();
          return r.numDeletedRows;
        });
        report.processed += await this.deleteInBatches(async () => {
          const r = await k()
            .deleteFrom('ProcessedEvent')
            .where((eb) =>
              eb(
                eb.refTuple('consumerGroup', 'eventId'),
                'in',
                k()
                  .selectFrom('ProcessedEvent')
                  .select(['consumerGroup', 'eventId'])
                  .where('processedAt', '<', processedCutoff)
                  .limit(BATCH)
                  .$asTuple('consumerGroup', 'eventId'),
              ),
            )
            .executeTakeFirst();
          return r.numDeletedRows;
        });
        const dead = await k().deleteFrom('DeadLetter').where('resolvedAt', '<', eventCutoff).executeTakeFirst();
        report.deadLetters += Number(dead.numDeletedRows);
      } catch (err) {
        this.logger.warn({ context: db.schema, err: errorText(err) }, 'retention of a context failed; the next run tries again');
      }
    }
    if (this.config.EVENT_BUS === 'postgres') {
      const slowest = await this.slowestPosition();
      report.slowestPosition = slowest;
      if (slowest !== null && BigInt(slowest) > 0n) {
        this.log ??= await EventBus.openLog(this.config);
        const k = () => kysely<EventLogDB>(this.log!.em());
        report.eventLog = await this.deleteInBatches(async () => {
          const r = await k()
            .deleteFrom('EventLogEntry')
            .where(
              'position',
              'in',
              k()
                .selectFrom('EventLogEntry')
                .select('position')
                .where('position', '<=', slowest)
                .where('appendedAt', '<', eventCutoff)
                .orderBy('position')
                .limit(BATCH),
            )
            .executeTakeFirst();
          return r.numDeletedRows;
        });
      }
    }
    return report;
  }

  /**
   * The lowest position any consumer group has committed: the groups this process runs (0 for one that has
   * not read yet) and every offset recorded in the product's schemas (groups of contexts running elsewhere).
   */
  async slowestPosition(): Promise<string | null> {
    const db = this.registry.databases[0];
    if (!db) return null;
    const positions: bigint[] = [];
    const committed = new Map<string, bigint>();
    for (const schema of this.registry.productSchemas()) {
      try {
        const rows = await kysely<KernelDB>(db.em())
          .withSchema(schema)
          .selectFrom('ConsumerOffset')
          .select(['consumerGroup', 'position'])
          .execute();
        for (const r of rows) committed.set(`${schema}.${r.consumerGroup}`, BigInt(r.position));
      } catch (err) {
        // A context whose schema is not migrated in this database has no groups yet.
        if ((err as { code?: string }).code !== '42P01') throw err;
      }
    }
    for (const sub of this.registry.subscriptions) positions.push(committed.get(`${sub.db.schema}.${sub.group}`) ?? 0n);
    positions.push(...committed.values());
    if (positions.length === 0) return null;
    return positions.reduce((a, b) => (b < a ? b : a)).toString();
  }
}

/** Disk the kernel's tables take in a schema (for the README's figures and the operator's eye). */
export async function kernelTableSizes(db: ContextDatabase): Promise<Record<string, number>> {
  const k = kysely<KernelDB>(db.em());
  const out: Record<string, number> = {};
  for (const table of ['outbox_events', 'processed_events', 'dead_letters'] as const) {
    const r = await k
      .selectNoFrom(sql<string>`pg_total_relation_size(${`"${db.schema}".${table}`}::regclass)`.as('bytes'))
      .executeTakeFirst();
    out[table] = Number(r?.bytes ?? 0);
  }
  return out;
}
