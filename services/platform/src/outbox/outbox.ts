import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, EventDefinition, EventEnvelope } from '@tuerca/contracts';
import type { z } from 'zod';
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
