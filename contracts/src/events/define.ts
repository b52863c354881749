import { z } from 'zod';

/**
 * Every state change another context cares about is a domain event, defined once here:
 * a name (past-tense fact), a version, the owning context and a zod payload.
 * Topic: tuerca.<context>.<event-kebab>.v<version>; Kafka key: the aggregate id.
 */
export interface EventDefinition<TName extends string = string, TPayload extends z.ZodType = z.ZodType, TVersion extends number = number> {
  readonly name: TName;
  readonly version: TVersion;
  readonly context: string;
  readonly payload: TPayload;
  readonly topic: string;
  readonly description: string;
}

export const actorSchema = z.object({
  /** 'user' for a logged-in person, 'guest' for an anonymous visitor, 'system' for jobs and relays. */
  kind: z.enum(['user', 'guest', 'system']),
  id: z.string().min(1),
});
export type Actor = z.infer<typeof actorSchema>;

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: 'system' };

export const envelopeSchema = z.object({
  eventId: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  aggregateId: z.string().min(1),
  actor: actorSchema,
  payload: z.unknown(),
});

export interface EventEnvelope<TPayload = unknown, TType extends string = string, TVersion extends number = number> {
  eventId: string;
  type: TType;
  version: TVersion;
  occurredAt: string;
  aggregateId: string;
  actor: Actor;
  payload: TPayload;
}

export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

export function topicName(context: string, name: string, version: number): string {
  return `tuerca.${context}.${kebab(name)}.v${version}`;
}

/**
 * An event is identified by its name and version together: a new version of an event (a payload that
 * changed incompatibly) is a second definition with the same name, its own topic and its own consumers,
 * published side by side with the old one while consumers move over.
 */
export function defineEvent<TName extends string, TPayload extends z.ZodType, TVersion extends number = 1>(def: {
  name: TName;
  version?: TVersion;
  context: string;
  payload: TPayload;
  description: string;
}): EventDefinition<TName, TPayload, TVersion> {
  const version = (def.version ?? 1) as TVersion;
  return Object.freeze({ ...def, version, topic: topicName(def.context, def.name, version) });
}

/** The key of an event in the registry and in consumers: name and version (`QuoteRequested.v2`). */
export function eventKey(event: { type: string; version: number } | { name: string; version: number }): string {
  return `${'type' in event ? event.type : event.name}.v${event.version}`;
}

export type PayloadOf<D> = D extends EventDefinition<string, infer P, number> ? z.infer<P> : never;
export type EnvelopeOf<D> = D extends EventDefinition<infer N, infer P, infer V> ? EventEnvelope<z.infer<P>, N, V> : never;

/** Narrows an envelope to one definition (name and version): `if (isEvent(event, QuoteRequested)) event.payload…`. */
export function isEvent<D extends EventDefinition>(event: EventEnvelope, definition: D): event is EnvelopeOf<D> {
  return event.type === definition.name && event.version === definition.version;
}
