import kafkajs from 'kafkajs';
import { sql } from 'kysely';
import type { Admin, Consumer, Kafka, Producer } from 'kafkajs';
import { eventRegistry } from '@tuerca/contracts';
import type { Logger } from '../logging/logger.js';
import { kysely, type ContextDatabase, type KernelDB } from '../database/context-database.js';
import { processEvent } from './process-event.js';
import type { TransportOptions } from './postgres-transport.js';
import type { EventTransport, Subscription, SubscriptionHandle } from './transport.js';
import { consumerGroupId } from './transport.js';

const { Kafka: KafkaClient, logLevel } = kafkajs;

export interface KafkaTransportOptions extends TransportOptions {
  brokers: string[];
  clientId: string;
  partitions?: number;
  sessionTimeoutMs?: number;
}

/**
 * EVENT_BUS=kafka: one topic per event type (`tuerca.<context>.<event>.v<n>`), keyed by aggregate id so
 * an aggregate's events keep their order. The relay sends a batch, then marks it published: a crash in
 * between sends it again, which idempotent consumers absorb.
 */
export class KafkaTransport implements EventTransport {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private admin: Admin | null = null;
  private readonly consumers = new Set<Consumer>();
  private readonly knownTopics = new Set<string>();
  private topicsQueue: Promise<void> = Promise.resolve();

  constructor(
    private readonly logger: Logger,
    private readonly options: KafkaTransportOptions,
  ) {
    this.kafka = new KafkaClient({
      clientId: options.clientId,
      brokers: options.brokers,
      // A consumer that crashes on a broker error restarts (kafkajs restarts on retriable errors by itself;
      // this covers the others), so a broker outage is waited out rather than ending consumption.
      retry: { retries: 5, initialRetryTime: 100, restartOnFailure: async () => true },
      logLevel: logLevel.ERROR,
      logCreator: () => (entry) => {
        this.logger.warn({ kafka: entry.namespace, ...entry.log }, String(entry.log.message ?? 'kafka'));
      },
    });
  }

  async start(): Promise<void> {
    this.admin = this.kafka.admin();
    await this.admin.connect();
    await this.ensureTopics(Object.values(eventRegistry).map((d) => d.topic));
    this.producer = this.kafka.producer({ allowAutoTopicCreation: false, maxInFlightRequests: 1, idempotent: true });
    await this.producer.connect();
  }

  /**
   * Creates the topics that do not exist yet (deployments may also create them ahead). One call at a time:
   * groups start concurrently, and two callers creating the same missing topic would have one refused.
   */
  ensureTopics(topics: string[]): Promise<void> {
    const run = this.topicsQueue.then(() => this.createMissingTopics(topics));
    this.topicsQueue = run.catch(() => undefined);
    return run;
  }

  private async createMissingTopics(topics: string[]): Promise<void> {
    if (!this.admin) throw new Error('Kafka transport not started');
    const wanted = [...new Set(topics)].filter((t) => !this.knownTopics.has(t));
    if (wanted.length === 0) return;
    const existing = new Set(await this.admin.listTopics());
    const missing = wanted.filter((t) => !existing.has(t));
    if (missing.length > 0) {
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 3 })),
      });
    }
    for (const t of wanted) this.knownTopics.add(t);
  }

  async relayBatch(db: ContextDatabase, limit: number): Promise<number> {
    if (!this.producer) throw new Error('Kafka transport not started');
    // The context's own outbox through its EntityManager: tables by entity, columns by property.
    const outbox = kysely<KernelDB>(db.em());
    const rows = await outbox
      .selectFrom('OutboxEvent')
      .select(['id', 'eventId', 'type', 'version', 'topic', 'aggregateId', 'envelope'])
      .where('publishedAt', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (rows.length === 0) return 0;
    await this.ensureTopics(rows.map((r) => r.topic));
    const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
    for (const r of rows) {
      const list = byTopic.get(r.topic) ?? [];
      list.push({
        key: r.aggregateId,
        value: JSON.stringify(r.envelope),
        headers: { 'event-type': r.type, 'event-version': String(r.version), 'event-id': r.eventId },
      });
      byTopic.set(r.topic, list);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    await outbox
      .updateTable('OutboxEvent')
      .set({ publishedAt: sql<Date>`now()` })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  }

  async subscribe(sub: Subscription): Promise<SubscriptionHandle> {
    // One topic per (name, version): a group receives only the versions it subscribed to.
    const topics = sub.events.map((def) => def.topic);
    await this.ensureTopics(topics);
    const sessionTimeout = this.options.sessionTimeoutMs ?? 10000;
    const consumer = this.kafka.consumer({
      groupId: consumerGroupId(sub),
      allowAutoTopicCreation: false,
      // rebalanceTimeout ≥ sessionTimeout, heartbeats well inside the session (infra/kafka-test-broker/README.md).
      sessionTimeout,
      rebalanceTimeout: Math.max(sessionTimeout, 6000),
      heartbeatInterval: Math.max(250, Math.floor(sessionTimeout / 12)),
      maxWaitTimeInMs: 250,
    });
    this.consumers.add(consumer);
    let stopping = false;
    let joined = false;
    const { GROUP_JOIN, CRASH, STOP, DISCONNECT, REBALANCING } = consumer.events;
    consumer.on(GROUP_JOIN, () => (joined = true));
    consumer.on(REBALANCING, () => (joined = false));
    consumer.on(STOP, () => (joined = false));
    consumer.on(DISCONNECT, () => (joined = false));
    consumer.on(CRASH, (e) => {
      joined = false;
      this.logger.warn(
        { group: consumerGroupId(sub), err: e.payload.error?.message, restart: e.payload.restart },
        'kafka consumer crashed',
      );
    });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      autoCommit: true,
      partitionsConsumedConcurrently: 1,
      eachMessage: async ({ message, heartbeat }) => {
        if (!message.value) return;
        const text = message.value.toString('utf8');
        let raw: unknown;
        try {
          raw = JSON.parse(text) as unknown;
        } catch {
          raw = { unparsable: text.slice(0, 10_000) };
        }
        // The envelope and its payload are checked against the group's definitions in processEvent.
        await processEvent(sub, raw, {
          maxAttempts: this.options.maxAttempts,
          logger: this.logger,
          backoffMs: this.options.backoffMs,
          transientBackoffMs: this.options.transientBackoffMs,
          isStopping: () => stopping,
          // While a failure is waited out the member keeps its partitions: heartbeats go on.
          onWait: () => heartbeat(),
        });
        await heartbeat();
      },
    });
    return {
      live: () => joined && !stopping,
      stop: async () => {
        stopping = true;
        // A clean leave (LeaveGroup): the group rebalances at once instead of waiting out this member's session.
        await consumer.disconnect();
        this.consumers.delete(consumer);
      },
    };
  }

  async ping(): Promise<boolean> {
    try {
      await this.admin?.describeCluster();
      return Boolean(this.admin);
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    for (const c of [...this.consumers]) await c.disconnect().catch(() => undefined);
    await this.producer?.disconnect().catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
  }
}
