import type { EventDefinition, EventEnvelope } from '@tuerca/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContextDatabase } from '../database/context-database.js';

export type EventHandlerFn = (event: EventEnvelope, em: EntityManager) => Promise<void>;

/** A consumer group of one context: which events it wants and the effect it has on its own tables. */
export interface Subscription {
  /** The consuming context's database: the effect, the processed-event row and the offset commit there. */
  db: ContextDatabase;
  /** Stable group name, unique within the context (e.g. 'product-search'). */
  group: string;
  /** The events it consumes (definitions from `@tuerca/contracts`). */
  events: readonly EventDefinition[];
  handle: EventHandlerFn;
}

export interface SubscriptionHandle {
  stop(): Promise<void>;
}

/** The port both transports implement; one contract suite runs against each. */
export interface EventTransport {
  readonly kind: 'postgres' | 'kafka';
  start(): Promise<void>;
  /**
   * Moves up to `limit` unpublished events from one context's outbox to the bus, in outbox order,
   * and marks them published. Returns how many were moved.
   */
  relayBatch(db: ContextDatabase, limit: number): Promise<number>;
  subscribe(subscription: Subscription): Promise<SubscriptionHandle>;
  /** True when the transport can reach its broker (for /ready). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OutboxRow {
  id: string;
  event_id: string;
  type: string;
  topic: string;
  aggregate_id: string;
  envelope: EventEnvelope;
}

export function consumerGroupId(sub: Pick<Subscription, 'db' | 'group'>): string {
  return `${sub.db.schema}.${sub.group}`;
}
