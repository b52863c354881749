import type pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Kysely, PostgresDialect } from 'kysely';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Logger } from '../logging/logger.js';
import type { PgSession } from '../database/pg-session.js';
import { kysely, type ContextDatabase, type KernelDB } from '../database/context-database.js';
import { ConsumerStopping, errorText, processEvent, processEvents, sleep } from './process-event.js';
import { isTransientError } from './failures.js';
import type { EventTransport, OutboxRow, Subscription, SubscriptionHandle } from './transport.js';
import { consumerGroupId } from './transport.js';
import type { EVENT_LOG_ENTITIES } from '../outbox/outbox-event.entity.js';

export const EVENT_LOG_CHANNEL = 'tuerca_event_log';
const READ_BATCH = 200;

/** NOTIFY payloads are limited to 8000 bytes: a batch whose types do not fit wakes every reader. */
const MAX_NOTICE = 7900;

/**
 * What the relay announces after appending a batch: the log's new end and the batch's event types, so a
 * consumer group wakes only for events it reads. Every reader used to wake and read the log for every batch
 * of any type — with twenty groups in a process, one event that a single group reads cost forty statements of
 * groups that never read it (issue 21: events written by a lookup are part of what it costs to serve).
 */
export function logNotice(end: bigint, rows: readonly Pick<OutboxRow, 'type'>[]): string {
  const notice = `${end} ${[...new Set(rows.map((r) => r.type))].join(',')}`;
  return notice.length <= MAX_NOTICE ? notice : `${end}`;
}

/** Whether a notice may carry an event of `names` (a notice without types may carry anything). */
export function concerns(notice: string, names: readonly string[]): boolean {
  const space = notice.indexOf(' ');
  if (space < 0) return true;
  const types = notice.slice(space + 1).split(',');
  return names.some((n) => types.includes(n));
}

export interface TransportOptions {
  maxAttempts: number;
  pollMs: number;
  /** A group woken sooner than this after its last read waits out the rest (OUTBOX_LINGER_MS). */
  lingerMs?: number;
  backoffMs?: (attempt: number) => number;
  transientBackoffMs?: (attempt: number) => number;
}

/**
 * EVENT_BUS=postgres: the embedded transport for a single machine. The relay appends outbox rows to
 * `platform.event_log` with gap-free positions and marks them published in the same transaction, so
 * an event reaches the log exactly once. Each consumer group is a single reader (advisory lock) that
 * commits its offset with its effect.
 */
export class PostgresTransport implements EventTransport {
  readonly kind = 'postgres' as const;
  /** The shared log typed from its entities (outbox-event.entity.ts), tables and columns as in the database; no second pool. */
  private readonly log: Kysely<InferKyselyDB<(typeof EVENT_LOG_ENTITIES)[number]>>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly session: PgSession,
    private readonly logger: Logger,
    private readonly options: TransportOptions,
  ) {
    this.log = new Kysely<InferKyselyDB<(typeof EVENT_LOG_ENTITIES)[number]>>({ dialect: new PostgresDialect({ pool }) }).withSchema(
      'platform',
    );
  }

  async start(): Promise<void> {
    // below the ORM: the bus's own pool checks the shared log exists before any relay starts.
    await this.pool.query('select 1 from platform.event_log_head where id = 1');
  }

  async relayBatch(db: ContextDatabase, limit: number): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // The envelope travels as the text it is stored as: parsed into objects and written back it cost the relay a
      // JSON parse and a stringify of every event (issue 21: a batch of searches is 20–90 KB).
      // below the ORM: one transaction on one connection spans the context's outbox and the shared `platform` log —
      // two schemas, two MikroORM instances, so no one EntityManager holds it. Rows are claimed `for update skip locked`.
      const { rows } = await client.query<Omit<OutboxRow, 'envelope'> & { envelope: string }>(
        `select id, event_id, type, version, topic, aggregate_id, envelope::text as envelope from "${db.schema}".outbox_events
         where published_at is null order by id limit $1 for update skip locked`,
        [limit],
      );
      if (rows.length === 0) {
        await client.query('commit');
        return 0;
      }
      // below the ORM: the head's row lock orders positions (same transaction as above).
      const head = await client.query<{ position: string }>(
        'update platform.event_log_head set position = position + $1 where id = 1 returning position',
        [rows.length],
      );
      const end = BigInt(head.rows[0]!.position);
      const start = end - BigInt(rows.length) + 1n;
      // below the ORM: the batch appended in one statement (unnest), same transaction.
      await client.query(
        `insert into platform.event_log (position, event_id, type, version, topic, aggregate_id, envelope)
         select * from unnest($1::bigint[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::jsonb[])`,
        [
          rows.map((_, i) => (start + BigInt(i)).toString()),
          rows.map((r) => r.event_id),
          rows.map((r) => r.type),
          rows.map((r) => r.version),
          rows.map((r) => r.topic),
          rows.map((r) => r.aggregate_id),
          rows.map((r) => r.envelope),
        ],
      );
      // below the ORM: marked published in the same transaction, so an event reaches the log exactly once.
      await client.query(`update "${db.schema}".outbox_events set published_at = now() where id = any($1::bigint[])`, [
        rows.map((r) => r.id),
      ]);
      // below the ORM: NOTIFY is delivered at commit, waking the readers of the log that read one of its types.
      await client.query('select pg_notify($1, $2)', [EVENT_LOG_CHANNEL, logNotice(end, rows)]);
      await client.query('commit');
      return rows.length;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async subscribe(sub: Subscription): Promise<SubscriptionHandle> {
    const lockName = `tuerca:pg-consumer:${consumerGroupId(sub)}`;
    const abort = new AbortController();
    let wake: (() => void) | null = null;
    let failing = 0;
    const names = [...new Set(sub.events.map((d) => d.name))];
    const unlisten = await this.session.listen(EVENT_LOG_CHANNEL, (notice) => {
      if (concerns(notice, names)) wake?.();
    });
    let lastRound = 0;
    // Until woken (the log grew by a type this group reads) or the poll; then the rest of the linger since the last
    // round, so a busy moment's events are read (and, batchable, applied) together.
    const idle = async () => {
      await new Promise<void>((resolve) => {
        wake = resolve;
        void sleep(this.options.pollMs, abort.signal).then(resolve);
      }).finally(() => {
        wake = null;
      });
      const rest = (this.options.lingerMs ?? 0) - (Date.now() - lastRound);
      if (rest > 0) await sleep(rest, abort.signal);
    };
    const keys = sub.events.map((d) => [d.name, d.version] as const);

    const loop = async () => {
      while (!abort.signal.aborted) {
        try {
          if (!(await this.session.tryLock(lockName))) {
            // Another process reads this group; stand by.
            failing = 0;
            await sleep(this.options.pollMs * 2, abort.signal);
            continue;
          }
          lastRound = Date.now();
          let offset = await this.readOffset(sub);
          // Events are keyed by (name, version): a group reads only the versions it subscribed to.
          // The shared log through typed Kysely on the bus's own pool (no context's ORM maps the `platform` schema).
          const rows = await this.log
            .selectFrom('event_log as l')
            .select(['l.position', 'l.envelope'])
            .where('l.position', '>', offset)
            .where('l.type', 'in', names)
            .where((eb) => eb.or(keys.map(([type, version]) => eb.and([eb('l.type', '=', type), eb('l.version', '=', version)]))))
            .orderBy('l.position')
            .limit(READ_BATCH)
            .execute();
          failing = 0;
          // A batchable group applies what it read in one transaction, its offset past the last; when that does
          // not commit, the same rows one by one below.
          const last = rows.at(-1)?.position;
          if (
            sub.batchable &&
            last !== undefined &&
            rows.length > 1 &&
            this.session.holds(lockName) &&
            (await processEvents(
              sub,
              rows.map((r) => r.envelope),
              { maxAttempts: this.options.maxAttempts, logger: this.logger, alsoInTransaction: (em) => this.advance(em, sub, last) },
            ))
          ) {
            offset = last;
            if (rows.length < READ_BATCH) await idle();
            continue;
          }
          for (const row of rows) {
            if (abort.signal.aborted || !this.session.holds(lockName)) break;
            const position = row.position;
            await processEvent(sub, row.envelope, {
              maxAttempts: this.options.maxAttempts,
              logger: this.logger,
              backoffMs: this.options.backoffMs,
              transientBackoffMs: this.options.transientBackoffMs,
              isStopping: () => abort.signal.aborted || !this.session.holds(lockName),
              alsoInTransaction: (em) => this.advance(em, sub, position),
            });
            offset = position;
          }
          if (rows.length < READ_BATCH) await idle();
        } catch (err) {
          if (abort.signal.aborted) break;
          // The database away, or the reader's lock lost with its session: wait (growing) and read again from the committed offset.
          failing++;
          const transient = isTransientError(err) || err instanceof ConsumerStopping;
          this.logger[transient ? 'warn' : 'error'](
            { group: consumerGroupId(sub), err: errorText(err), failing },
            'postgres consumer waiting',
          );
          await sleep(Math.min(this.options.pollMs * 2 ** Math.min(failing, 6), 10_000), abort.signal);
        }
      }
    };
    const running = loop();
    return {
      // Live while the loop reads (or stands by behind another reader) without failing.
      live: () => !abort.signal.aborted && failing === 0,
      stop: async () => {
        abort.abort();
        wake?.();
        await running;
        unlisten();
        await this.session.unlock(lockName);
      },
    };
  }

  /** The group's offset moved to `position`, in the transaction that applied the events up to it. */
  private async advance(em: EntityManager, sub: Subscription, position: string): Promise<void> {
    await kysely<KernelDB>(em)
      .insertInto('ConsumerOffset')
      .values({ consumerGroup: sub.group, position })
      .onConflict((oc) => oc.column('consumerGroup').doUpdateSet({ position, updatedAt: new Date() }))
      .execute();
  }

  private async readOffset(sub: Subscription): Promise<string> {
    const row = await kysely<KernelDB>(sub.db.em())
      .selectFrom('ConsumerOffset')
      .select('position')
      .where('consumerGroup', '=', sub.group)
      .executeTakeFirst();
    return row?.position ?? '0';
  }

  async ping(): Promise<boolean> {
    try {
      // below the ORM: /ready's probe of the bus's own pool.
      await this.pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    /* the pool and session belong to the event bus */
  }
}
