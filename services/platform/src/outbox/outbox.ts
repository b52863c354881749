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

/**
 * Records a domain event in the outbox of the unit of work `em` belongs to. The payload is parsed by the
 * event's own schema, so an event that breaks its contract fails the transaction that tried to emit it.
 */
export function recordEvent<D extends EventDefinition>(
  em: EntityManager,
  definition: D,
  payload: z.input<D['payload']>,
  options: RecordOptions,
): EventEnvelope<z.infer<D['payload']>> {
  const envelope: EventEnvelope<z.infer<D['payload']>> = {
    eventId: options.eventId ?? randomUUID(),
    type: definition.name,
    version: definition.version,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    aggregateId: options.aggregateId,
    actor: options.actor,
    payload: definition.payload.parse(payload) as z.infer<D['payload']>,
  };
  const row = em.create(OutboxEvent, {
    eventId: envelope.eventId,
    type: envelope.type,
    version: envelope.version,
    topic: definition.topic,
    aggregateId: envelope.aggregateId,
    envelope,
    createdAt: new Date(),
    publishedAt: null,
  });
  em.persist(row);
  return envelope;
}
