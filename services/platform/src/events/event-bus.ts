import pg from 'pg';
import type { EventDefinition } from '@tuerca/contracts';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { PgSession } from '../database/pg-session.js';
import { ContextDatabase, guardConnections } from '../database/context-database.js';
import { EVENT_LOG_MIGRATIONS } from '../database/kernel-tables.js';
import { EVENT_LOG_ENTITIES } from '../outbox/outbox-event.entity.js';
import { KafkaTransport } from './kafka-transport.js';
import { PostgresTransport } from './postgres-transport.js';
import { OutboxRelay } from './relay.js';
import { consumerGroupId, type EventTransport, type Subscription, type SubscriptionHandle } from './transport.js';

/** Consumer groups joining at once when a worker starts (`subscribeAll`). */
export const SUBSCRIBE_CONCURRENCY = 8;

export type EventBusConfig = Pick<
  AppConfig,
  | 'DATABASE_URL'
  | 'DATABASE_POOL_SIZE'
  | 'LOG_LEVEL'
  | 'EVENT_BUS'
  | 'KAFKA_BROKERS'
  | 'KAFKA_CLIENT_ID'
  | 'KAFKA_SESSION_TIMEOUT_MS'
  | 'OUTBOX_BATCH_SIZE'
  | 'OUTBOX_POLL_MS'
  | 'OUTBOX_LINGER_MS'
  | 'CONSUMER_MAX_ATTEMPTS'
  | 'CONSUMER_MAX_BACKOFF_MS'
>;

/**
 * The process's side of the event bus: the chosen transport, the outbox relays of the contexts it
 * runs, and their consumer groups. Stops in order: consumers, relays, transport, connections.
 */
export class EventBus {
  readonly pool: pg.Pool;
  readonly session: PgSession;
  readonly transport: EventTransport;
  private readonly relays: OutboxRelay[] = [];
  private readonly handles: SubscriptionHandle[] = [];
  private readonly groups = new Map<string, SubscriptionHandle>();
  private started = false;

  constructor(
    private readonly config: EventBusConfig,
    private readonly logger: Logger,
    options: { backoffMs?: (attempt: number) => number; transientBackoffMs?: (attempt: number) => number } = {},
  ) {
    this.pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4, application_name: 'tuerca-bus' });
    this.pool.on('error', (err) => logger.warn({ err: err.message }, 'event bus pool error'));
    // A connection that drops while taken must not end the process.
    guardConnections(this.pool);
    this.session = new PgSession(config.DATABASE_URL, logger);
    const transportOptions = {
      maxAttempts: config.CONSUMER_MAX_ATTEMPTS,
      pollMs: config.OUTBOX_POLL_MS,
      lingerMs: config.OUTBOX_LINGER_MS,
      backoffMs: options.backoffMs,
      transientBackoffMs:
        options.transientBackoffMs ??
        ((attempt: number) => Math.round(Math.min(100 * 2 ** (attempt - 1), config.CONSUMER_MAX_BACKOFF_MS) * (0.8 + Math.random() * 0.4))),
    };
    this.transport =
      config.EVENT_BUS === 'kafka'
        ? new KafkaTransport(logger, {
            ...transportOptions,
            brokers: (config.KAFKA_BROKERS ?? '')
              .split(',')
              .map((b) => b.trim())
              .filter(Boolean),
            clientId: config.KAFKA_CLIENT_ID,
            sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
          })
        : new PostgresTransport(this.pool, this.session, logger, transportOptions);
  }

  /** The shared `platform` schema: the postgres transport's log. */
  static openLog(config: Pick<AppConfig, 'DATABASE_URL' | 'LOG_LEVEL'>): Promise<ContextDatabase> {
    return ContextDatabase.open(
      { ...config, DATABASE_POOL_SIZE: 1 },
      { schema: 'platform', entities: EVENT_LOG_ENTITIES, migrations: EVENT_LOG_MIGRATIONS, kernelTables: false },
    );
  }

  /** Creates the shared `platform` schema with the postgres transport's log. */
  static async migrate(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'LOG_LEVEL'>): Promise<void> {
    const db = await EventBus.openLog(config);
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.transport.start();
    this.started = true;
  }

  async startRelay(db: ContextDatabase): Promise<OutboxRelay> {
    await this.start();
    const relay = new OutboxRelay(db, this.transport, this.session, this.logger, {
      batchSize: this.config.OUTBOX_BATCH_SIZE,
      pollMs: this.config.OUTBOX_POLL_MS,
      lingerMs: this.config.OUTBOX_LINGER_MS,
    });
    await relay.start();
    this.relays.push(relay);
    return relay;
  }

  async subscribe<const E extends readonly EventDefinition[]>(typed: Subscription<E>): Promise<SubscriptionHandle> {
    const sub = typed as unknown as Subscription;
    await this.start();
    const handle = await this.transport.subscribe(sub);
    this.handles.push(handle);
    this.groups.set(consumerGroupId(sub), handle);
    return handle;
  }

  /**
   * Starts consumer groups at most `concurrency` at a time. Joining a Kafka group waits out the broker's
   * rebalance (the test broker holds each for about the session timeout), so one after another the worker's
   * groups took their count times that before /ready; the groups are independent of each other (each keeps
   * its own order per key, its own offsets and its own processed-event rows), so starting them together
   * changes no ordering. Bounded so the broker and the bus's pool see a handful of joins at once, not all.
   */
  async subscribeAll(subscriptions: readonly Subscription[], concurrency = SUBSCRIBE_CONCURRENCY): Promise<SubscriptionHandle[]> {
    await this.start();
    const handles: SubscriptionHandle[] = new Array(subscriptions.length);
    let next = 0;
    const lane = async () => {
      while (next < subscriptions.length) {
        const i = next++;
        handles[i] = await this.subscribe(subscriptions[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, subscriptions.length)) }, lane));
    return handles;
  }

  /** Each consumer group this process runs, and whether it is consuming now (the worker's /ready). */
  groupStates(): Record<string, boolean> {
    return Object.fromEntries([...this.groups].map(([id, h]) => [id, h.live ? h.live() : true]));
  }

  async ping(): Promise<boolean> {
    return this.transport.ping();
  }

  async stop(): Promise<void> {
    this.groups.clear();
    for (const h of this.handles.splice(0)) await h.stop().catch((err: Error) => this.logger.warn({ err: err.message }, 'consumer stop'));
    for (const r of this.relays.splice(0)) await r.stop().catch((err: Error) => this.logger.warn({ err: err.message }, 'relay stop'));
    await this.transport.close();
    await this.session.close();
    await this.pool.end().catch(() => undefined);
  }
}
