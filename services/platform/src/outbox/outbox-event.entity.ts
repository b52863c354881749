import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { EventEnvelope } from '@tuerca/contracts';

/** A row of the context's outbox: written in the same transaction as the change it describes. */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    eventId: p.uuid().unique('outbox_events_event_id_key'),
    type: p.text(),
    version: p.integer(),
    topic: p.text(),
    aggregateId: p.text(),
    envelope: p.json<EventEnvelope>(),
    createdAt: p.datetime().defaultRaw('now()'),
    publishedAt: p.datetime().nullable(),
  },
  indexes: [
    // The relay's work list.
    { name: 'outbox_events_unpublished', properties: ['id'], where: 'published_at is null' },
    // Retention: published rows older than the retention are pruned.
    { name: 'outbox_events_published', properties: ['publishedAt'], where: 'published_at is not null' },
  ],
  // Wakes the relay at commit instead of waiting for its next poll (function notify_outbox, kernel migration).
  triggers: [
    {
      name: 'outbox_events_notify',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: 'create trigger outbox_events_notify after insert on outbox_events for each statement execute function notify_outbox()',
    },
  ],
});
export type OutboxEvent = InferEntity<typeof OutboxEvent>;

/** An event a consumer group has applied (its effect committed with this row). */
export const ProcessedEvent = defineEntity({
  name: 'ProcessedEvent',
  tableName: 'processed_events',
  properties: {
    consumerGroup: p.text().primary(),
    eventId: p.uuid().primary(),
    processedAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['consumerGroup', 'eventId'],
  indexes: [{ name: 'processed_events_processed_at', properties: ['processedAt'] }],
});
export type ProcessedEvent = InferEntity<typeof ProcessedEvent>;

/** How far a consumer group has read the postgres transport's log. */
export const ConsumerOffset = defineEntity({
  name: 'ConsumerOffset',
  tableName: 'consumer_offsets',
  properties: {
    consumerGroup: p.text().primary(),
    position: p.bigint('string').defaultRaw('0'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type ConsumerOffset = InferEntity<typeof ConsumerOffset>;

/**
 * An event a consumer group could not apply after its attempts, kept with its error for an operator. A
 * replay is requested by stamping `replayRequestedAt`; the worker that runs the group applies it through
 * the group's handler and stamps `resolvedAt` in the same transaction as the effect (so it applies once).
 */
export const DeadLetter = defineEntity({
  name: 'DeadLetter',
  tableName: 'dead_letters',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    consumerGroup: p.text(),
    eventId: p.uuid(),
    type: p.text(),
    version: p.integer().defaultRaw('1'),
    envelope: p.json<EventEnvelope>(),
    error: p.text(),
    attempts: p.integer(),
    failedAt: p.datetime().defaultRaw('now()'),
    resolvedAt: p.datetime().nullable(),
    replayRequestedAt: p.datetime().nullable(),
    replays: p.integer().defaultRaw('0'),
    lastReplayedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'dead_letters_consumer_group_event_id_key', properties: ['consumerGroup', 'eventId'] }],
  indexes: [{ name: 'dead_letters_open', properties: ['consumerGroup', 'id'], where: 'resolved_at is null' }],
});
export type DeadLetter = InferEntity<typeof DeadLetter>;

/** The kernel's tables in every context's schema. */
export const KERNEL_ENTITIES = [OutboxEvent, ProcessedEvent, ConsumerOffset, DeadLetter] as const;

/** The postgres transport's ordered log (schema `platform`, shared by all contexts; kernel-tables.ts). */
export const EventLogEntry = defineEntity({
  name: 'EventLogEntry',
  tableName: 'event_log',
  properties: {
    position: p.bigint('string').primary(),
    eventId: p.uuid().unique('event_log_event_id_key'),
    type: p.text(),
    version: p.integer(),
    topic: p.text(),
    aggregateId: p.text(),
    envelope: p.json<EventEnvelope>(),
    appendedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    { name: 'event_log_type_position', properties: ['type', 'position'] },
    { name: 'event_log_appended_at', properties: ['appendedAt'] },
  ],
});
export type EventLogEntry = InferEntity<typeof EventLogEntry>;

/** The log's last position, taken under its row lock so positions become visible in order. */
export const EventLogHead = defineEntity({
  name: 'EventLogHead',
  tableName: 'event_log_head',
  properties: {
    id: p.integer().primary(),
    position: p.bigint('string'),
  },
});
export type EventLogHead = InferEntity<typeof EventLogHead>;

export const EVENT_LOG_ENTITIES = [EventLogEntry, EventLogHead] as const;
