import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, EventDefinition, EventEnvelope } from '@tuerca/contracts';
import type { z } from 'zod';
import type { PreparedRunner } from '../database/prepared.js';
import { OutboxEvent } from './outbox-event.entity.js';

export interface RecordOptions {
  aggregateId: string;
  actor: Actor;
  occurredAt?: Date;
  eventId?: string;
}

/** An event's envelope and its outbox row, built the one way (the payload parsed by the event's own schema). */
export function outboxEntry<D extends EventDefinition>(definition: D, payload: z.input<D['payload']>, options: RecordOptions) {
  const envelope: EventEnvelope<z.infer<D['payload']>> = {
    eventId: options.eventId ?? randomUUID(),
    type: definition.name,
    version: definition.version,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    aggregateId: options.aggregateId,
    actor: options.actor,
    payload: definition.payload.parse(payload) as z.infer<D['payload']>,
  };
  const row = {
    eventId: envelope.eventId,
    type: envelope.type,
    version: envelope.version,
    topic: definition.topic,
    aggregateId: envelope.aggregateId,
    envelope: envelope as EventEnvelope,
    createdAt: new Date(),
    publishedAt: null,
  };
  return { envelope, row };
}

/**
 * Records a domain event in the outbox of the unit of work `em` belongs to. The payload is parsed by the
 * event's own schema, so an event that breaks its contract fails the transaction that tried to emit it.
 * (A tuned single statement that writes its change and its event together inserts `outboxEntry(...).row`.)
 */
export function recordEvent<D extends EventDefinition>(
  em: EntityManager,
  definition: D,
  payload: z.input<D['payload']>,
  options: RecordOptions,
): EventEnvelope<z.infer<D['payload']>> {
  const { envelope, row } = outboxEntry(definition, payload, options);
  em.persist(em.create(OutboxEvent, row));
  return envelope;
}

/** An outbox row as `outboxEntry` builds it. */
export type OutboxEntryRow = ReturnType<typeof outboxEntry>['row'];

/**
 * hot path: many events in one statement, outside any unit of work — for events that record something and change
 * nothing else (a search for the analysts), written in batches. Through the EntityManager a batch of 200 such events
 * cost the marketplace's lookup process a third of its CPU at 4,000 lookups a second (issue 21: entities built,
 * change sets computed, values converted one by one); as one named statement it is a few arrays and one round trip.
 */
const APPEND_EVENTS_SQL = `
  insert into outbox_events (event_id, type, version, topic, aggregate_id, envelope, created_at)
  select * from unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[])`;

/** Appends `rows` to the outbox of the context `run` belongs to, in one statement (its own transaction). */
export async function appendEvents(run: PreparedRunner, rows: readonly OutboxEntryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await run('tuerca_outbox_append', APPEND_EVENTS_SQL, [
    rows.map((r) => r.eventId),
    rows.map((r) => r.type),
    rows.map((r) => r.version),
    rows.map((r) => r.topic),
    rows.map((r) => r.aggregateId),
    rows.map((r) => JSON.stringify(r.envelope)),
    rows.map((r) => r.createdAt),
  ]);
}
