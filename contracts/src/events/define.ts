import { z } from 'zod';

/**
 * Every state change another context cares about is a domain event, defined once here:
 * a name (past-tense fact), a version, the owning context and a zod payload.
 * Topic: tuerca.<context>.<event-kebab>.v<version>; Kafka key: the aggregate id.
 */
export interface EventDefinition<TName extends string = string, TPayload extends z.ZodType = z.ZodType> {
  readonly name: TName;
  readonly version: number;
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

export interface EventEnvelope<TPayload = unknown, TType extends string = string> {
  eventId: string;
  type: TType;
  version: number;
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

export function defineEvent<TName extends string, TPayload extends z.ZodType>(def: {
  name: TName;
  version?: number;
  context: string;
  payload: TPayload;
  description: string;
}): EventDefinition<TName, TPayload> {
  const version = def.version ?? 1;
  return Object.freeze({ ...def, version, topic: topicName(def.context, def.name, version) });
}

export type PayloadOf<D> = D extends EventDefinition<string, infer P> ? z.infer<P> : never;
export type EnvelopeOf<D> = D extends EventDefinition<infer N, infer P> ? EventEnvelope<z.infer<P>, N> : never;
