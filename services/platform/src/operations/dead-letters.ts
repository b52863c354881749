import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { t, type AdminListQuery, type DeadLetterFilter, type DeadLetterStatus, type DeadLetterView } from '@tuerca/contracts';
import type { AppConfig } from '../config/config.js';
import { kysely, type KernelDB } from '../database/context-database.js';
import { ConsumerStopping, errorText, resolveEvent, sleep, untilNotTransient } from '../events/process-event.js';
import { isTransientError } from '../events/failures.js';
import { consumerGroupId, type Subscription } from '../events/transport.js';
import { NotFoundError, ValidationError } from '../http/domain-error.js';
import { likePattern, rangeWindow, resolveSort } from '../database/list.js';
import type { Logger } from '../logging/logger.js';
import { ContextRegistry } from '../module/context-registry.js';
import { APP_CONFIG, LOGGER } from '../module/tokens.js';
import { Clock } from '../time/clock.js';

const SCHEMA = /^[a-z][a-z0-9_]{0,62}$/;

/** Fields the operator list may sort by. Ids are per schema, so the list is ordered by time by default. */
const SORTABLE = {
  failed_at: 'failedAt',
  consumer_group: 'consumerGroup',
  type: 'type',
  attempts: 'attempts',
  replays: 'replays',
  resolved_at: 'resolvedAt',
  last_replayed_at: 'lastReplayedAt',
} as const;

type Row = {
  id: string;
  consumerGroup: string;
  eventId: string;
  type: string;
  version: number;
  error: string;
  attempts: number;
  failedAt: Date;
  resolvedAt: Date | null;
  replayRequestedAt: Date | null;
  replays: number;
  lastReplayedAt: Date | null;
  envelope?: unknown;
};

const COLUMNS = [
  'id',
  'consumerGroup',
  'eventId',
  'type',
  'version',
  'error',
  'attempts',
  'failedAt',
  'resolvedAt',
  'replayRequestedAt',
  'replays',
  'lastReplayedAt',
] as const;

export function deadLetterStatus(r: Pick<Row, 'resolvedAt' | 'replayRequestedAt'>): DeadLetterStatus {
  return r.resolvedAt ? 'resolved' : r.replayRequestedAt ? 'replay-requested' : 'open';
}

function toView(schema: string, r: Row): DeadLetterView {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: `${schema}.${r.id}`,
    context: schema,
    consumer_group: `${schema}.${r.consumerGroup}`,
    event_id: r.eventId,
    type: r.type,
    version: r.version,
    error: r.error,
    attempts: r.attempts,
    status: deadLetterStatus(r),
    failed_at: new Date(r.failedAt).toISOString(),
    resolved_at: iso(r.resolvedAt),
    replay_requested_at: iso(r.replayRequestedAt),
    replays: r.replays,
    last_replayed_at: iso(r.lastReplayedAt),
    ...(r.envelope !== undefined ? { envelope: r.envelope } : {}),
  };
}

function splitId(id: string): { schema: string; id: string } {
  const dot = id.indexOf('.');
  const schema = id.slice(0, dot);
  const local = id.slice(dot + 1);
  if (dot < 1 || !SCHEMA.test(schema) || !/^[0-9]{1,18}$/.test(local)) throw new NotFoundError(t('operations.deadLetterNotFound'));
  return { schema, id: local };
}

function splitGroup(group: string): { schema: string; group: string } {
  const dot = group.indexOf('.');
  const schema = group.slice(0, dot);
  if (dot < 1 || !SCHEMA.test(schema)) throw new ValidationError([t('operations.unknownConsumerGroup', { group: group.slice(0, 100) })]);
  return { schema, group: group.slice(dot + 1) };
}

/** A relation that does not exist (a context whose schema is not migrated in this database). */
const isMissingRelation = (err: unknown) =>
  (err as { code?: string }).code === '42P01' || /does not exist/.test(String((err as Error).message));

/**
 * The dead letters of every context, for operators. They live in each context's schema (committed with the
 * consumer's processed-event row); the product's contexts share one PostgreSQL database, so any process
 * reads and marks them through the kernel's tables, schema by schema. A replay is a request stamped on the
 * row: the worker that runs the group applies it (`DeadLetterReplayer`), so it survives restarts and runs once.
 */
@Injectable()
export class DeadLetterStore {
  constructor(
    private readonly registry: ContextRegistry,
    private readonly clock: Clock,
  ) {}

  /** The schemas holding kernel tables: every context of the product (the composition root says which). */
  schemas(): string[] {
    return this.registry.productSchemas().filter((s) => SCHEMA.test(s));
  }

  private em(): EntityManager | null {
    return this.registry.databases[0]?.em() ?? null;
  }

  private k(em: EntityManager, schema: string) {
    return kysely<KernelDB>(em).withSchema(schema);
  }

  async list(query: AdminListQuery, filter: DeadLetterFilter): Promise<{ rows: DeadLetterView[]; total: number; offset: number }> {
    const em = this.em();
    const window = rangeWindow(query, filter.id);
    const { column, direction } = resolveSort(query.sort, { sortable: SORTABLE, fallback: { field: 'failed_at', order: 'DESC' } });
    const key = column as keyof Row;
    if (!em) return { rows: [], total: 0, offset: window.offset };
    const ids = filter.id?.map((id) => {
      try {
        return splitId(id);
      } catch {
        return null;
      }
    });
    let schemas = this.schemas();
    if (filter.context) schemas = schemas.filter((s) => s === filter.context);
    if (filter.consumer_group) schemas = schemas.filter((s) => filter.consumer_group!.startsWith(`${s}.`));
    if (ids) schemas = schemas.filter((s) => ids.some((i) => i?.schema === s));
    const parts = await Promise.all(
      schemas.map(async (schema) => {
        let q = this.k(em, schema).selectFrom('DeadLetter');
        if (filter.status === 'resolved') q = q.where('resolvedAt', 'is not', null);
        if (filter.status === 'open') q = q.where('resolvedAt', 'is', null).where('replayRequestedAt', 'is', null);
        if (filter.status === 'replay-requested') q = q.where('resolvedAt', 'is', null).where('replayRequestedAt', 'is not', null);
        if (filter.consumer_group) q = q.where('consumerGroup', '=', filter.consumer_group.slice(schema.length + 1));
        if (filter.type) q = q.where('type', '=', filter.type);
        if (ids) {
          const local = ids.filter((i) => i?.schema === schema).map((i) => i!.id);
          q = q.where('id', 'in', local.length > 0 ? local : ['0']);
        }
        if (filter.q) {
          const pattern = likePattern(filter.q);
          q = q.where((eb) =>
            eb.or([eb('type', 'ilike', pattern), eb('error', 'ilike', pattern), eb(eb.cast('eventId', 'text'), '=', filter.q!)]),
          );
        }
        try {
          const [rows, count] = await Promise.all([
            q
              .select(COLUMNS)
              .orderBy(key as never, direction)
              .orderBy('id', direction)
              .limit(window.offset + window.limit)
              .execute(),
            q.select(sql<string>`count(*)`.as('total')).executeTakeFirst(),
          ]);
          return { schema, rows: rows as Row[], total: Number(count?.total ?? 0) };
        } catch (err) {
          if (isMissingRelation(err)) return { schema, rows: [] as Row[], total: 0 };
          throw err;
        }
      }),
    );
    const all = parts.flatMap((p) => p.rows.map((r) => ({ schema: p.schema, row: r })));
    const sign = direction === 'desc' ? -1 : 1;
    all.sort((a, b) => {
      const x = a.row[key] as unknown;
      const y = b.row[key] as unknown;
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (x < y ? -1 : 1) * sign;
    });
    return {
      rows: all.slice(window.offset, window.offset + window.limit).map((r) => toView(r.schema, r.row)),
      total: parts.reduce((n, p) => n + p.total, 0),
      offset: window.offset,
    };
  }

  async get(id: string): Promise<DeadLetterView> {
    const { schema, id: local } = splitId(id);
    const em = this.em();
    if (!em || !this.schemas().includes(schema)) throw new NotFoundError(t('operations.deadLetterNotFound'));
    const row = await this.k(em, schema)
      .selectFrom('DeadLetter')
      .select([...COLUMNS, 'envelope'])
      .where('id', '=', local)
      .executeTakeFirst()
      .catch((err: unknown) => {
        if (isMissingRelation(err)) return undefined;
        throw err;
      });
    if (!row) throw new NotFoundError(t('operations.deadLetterNotFound'));
    return toView(schema, row as Row);
  }

  /** Stamps a replay request on an unresolved dead letter; a resolved one is left as it is (idempotent). */
  async requestReplay(id: string): Promise<DeadLetterView> {
    const { schema, id: local } = splitId(id);
    const em = this.em();
    if (!em || !this.schemas().includes(schema)) throw new NotFoundError(t('operations.deadLetterNotFound'));
    await this.k(em, schema)
      .updateTable('DeadLetter')
      .set({ replayRequestedAt: this.clock.now() })
      .where('id', '=', local)
      .where('resolvedAt', 'is', null)
      .execute();
    return this.get(id);
  }

  /** Stamps a replay request on every unresolved dead letter of a group. */
  async requestGroupReplay(consumerGroup: string): Promise<number> {
    const { schema, group } = splitGroup(consumerGroup);
    const em = this.em();
    if (!em || !this.schemas().includes(schema))
      throw new ValidationError([t('operations.unknownConsumerGroup', { group: consumerGroup.slice(0, 100) })]);
    const result = await this.k(em, schema)
      .updateTable('DeadLetter')
      .set({ replayRequestedAt: this.clock.now() })
      .where('consumerGroup', '=', group)
      .where('resolvedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Unresolved dead letters per consumer group, for /ready's detail. */
  async openCounts(): Promise<Record<string, number>> {
    const em = this.em();
    if (!em) return {};
    const out: Record<string, number> = {};
    await Promise.all(
      this.schemas().map(async (schema) => {
        const rows = await this.k(em, schema)
          .selectFrom('DeadLetter')
          .select(['consumerGroup', sql<string>`count(*)`.as('n')])
          .where('resolvedAt', 'is', null)
          .groupBy('consumerGroup')
          .execute()
          .catch((err: unknown) => {
            if (isMissingRelation(err)) return [];
            throw err;
          });
        for (const r of rows) out[`${schema}.${r.consumerGroup}`] = Number(r.n);
      }),
    );
    return out;
  }
}

export type ReplayOutcome = 'replayed' | 'already-resolved' | 'failed';

/**
 * Applies one requested replay through the group's own handler: the effect, the dead letter's `resolved_at`
 * and its replay count commit in one transaction, and a resolved dead letter is never applied again. A
 * replay that fails again keeps the dead letter open with the new error (and clears the request).
 */
export async function replayDeadLetter(
  sub: Subscription,
  id: string,
  opts: { logger: Logger; now: () => Date; isStopping?: () => boolean },
): Promise<ReplayOutcome> {
  try {
    return await untilNotTransient(
      () =>
        sub.db.transactional(async (em) => {
          const k = kysely<KernelDB>(em);
          const letter = await k
            .selectFrom('DeadLetter')
            .select(['id', 'envelope', 'resolvedAt'])
            .where('id', '=', id)
            .where('consumerGroup', '=', sub.group)
            .forUpdate()
            .executeTakeFirst();
          if (!letter || letter.resolvedAt) return 'already-resolved' as const;
          const resolved = resolveEvent(sub, letter.envelope);
          if (!('definition' in resolved)) throw new Error(resolved.reason);
          await sub.handle(resolved.envelope as never, em);
          await em.flush();
          const now = opts.now();
          await k
            .updateTable('DeadLetter')
            .set({ resolvedAt: now, lastReplayedAt: now, replayRequestedAt: null, replays: sql`replays + 1` })
            .where('id', '=', id)
            .execute();
          return 'replayed' as const;
        }),
      {
        isStopping: opts.isStopping,
        onTransient: (err) => opts.logger.warn({ group: consumerGroupId(sub), id, err: errorText(err) }, 'replay waiting'),
      },
    );
  } catch (err) {
    if (err instanceof ConsumerStopping || isTransientError(err)) throw err;
    const now = opts.now();
    await kysely<KernelDB>(sub.db.em())
      .updateTable('DeadLetter')
      .set({ error: errorText(err), lastReplayedAt: now, replayRequestedAt: null, replays: sql`replays + 1` })
      .where('id', '=', id)
      .where('resolvedAt', 'is', null)
      .execute();
    opts.logger.warn({ group: consumerGroupId(sub), id, err: errorText(err) }, 'dead letter replay failed again');
    return 'failed';
  }
}

/**
 * The worker side of replays: every couple of seconds each consumer group this process runs applies the
 * dead letters an operator asked to replay. Several workers may run: a row is locked while applied.
 */
@Injectable()
export class DeadLetterReplayer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly registry: ContextRegistry,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.ROLE === 'api') return;
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    const every = Math.max(200, this.config.OUTBOX_POLL_MS * 4);
    while (!this.stopping.signal.aborted) {
      for (const sub of this.registry.subscriptions) {
        if (this.stopping.signal.aborted) return;
        await this.replayRequested(sub).catch((err: unknown) => {
          if (!this.stopping.signal.aborted) this.logger.warn({ group: consumerGroupId(sub), err: errorText(err) }, 'dead letter replays');
        });
      }
      await sleep(every, this.stopping.signal);
    }
  }

  /** Applies the requested replays of one group; answers how many were applied. */
  async replayRequested(sub: Subscription): Promise<number> {
    const rows = await kysely<KernelDB>(sub.db.em())
      .selectFrom('DeadLetter')
      .select('id')
      .where('consumerGroup', '=', sub.group)
      .where('resolvedAt', 'is', null)
      .where('replayRequestedAt', 'is not', null)
      .orderBy('id')
      .limit(100)
      .execute();
    let applied = 0;
    for (const { id } of rows) {
      const outcome = await replayDeadLetter(sub, id, {
        logger: this.logger,
        now: () => this.clock.now(),
        isStopping: () => this.stopping.signal.aborted,
      });
      if (outcome === 'replayed') applied++;
    }
    return applied;
  }
}
