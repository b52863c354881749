import type { EnvelopeOf, EventDefinition, EventEnvelope } from '@tuerca/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContextDatabase } from '../database/context-database.js';

export type EventHandlerFn<E extends EventEnvelope = EventEnvelope> = (event: E, em: EntityManager) => Promise<void>;

/**
 * A consumer group of one context: which events it wants (definitions — name and version) and the effect
 * it has on its own tables. `handle` receives the envelope already checked against the definition it
 * matched, with its payload typed: a union over `events`, narrowed by `event.type` and `event.version`
 * (or `isEvent(event, Definition)`).
 */
export interface Subscription<E extends readonly EventDefinition[] = readonly EventDefinition[]> {
  /** The consuming context's database: the effect, the processed-event row and the offset commit there. */
  db: ContextDatabase;
  /** Stable group name, unique within the context (e.g. 'product-search'). */
  group: string;
  /** The events it consumes: each version of an event is a definition of its own. */
  events: E;
  handle(event: EnvelopeOf<E[number]>, em: EntityManager): Promise<void>;
  /**
   * The handler only writes to its context's database through `em` (nothing outside it: no mail, no HTTP call),
   * so consecutive events may share one transaction (processEvents); a group with effects outside the database
   * leaves it unset and each event commits by itself.
   */
  batchable?: boolean;
}

export interface SubscriptionHandle {
  stop(): Promise<void>;
  /** Whether the group is consuming now (joined its group, or holding or waiting for its reader's lock). */
  readonly live?: () => boolean;
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
  version: number;
  topic: string;
  aggregate_id: string;
  envelope: EventEnvelope;
}

export function consumerGroupId(sub: Pick<Subscription, 'db' | 'group'>): string {
  return `${sub.db.schema}.${sub.group}`;
}
