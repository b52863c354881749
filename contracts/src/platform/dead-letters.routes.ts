import { z } from 'zod';
import { adminListQuerySchema } from '../http/envelope.js';
import { adminIdsFilterSchema } from '../http/admin-routes.js';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/index.js';

/**
 * The kernel's operator resource `dead-letters`: events a consumer group could not apply (a payload its
 * schema refuses, a rule its handler refuses after its attempts), kept with the error. An operator reads
 * the payload and the error, fixes the cause, and replays one or all of a group; a replay applies the
 * event once (the effect and the dead letter's `resolved_at` commit together).
 */

export const DEAD_LETTER_STATUSES = ['open', 'replay-requested', 'resolved'] as const;
export type DeadLetterStatus = (typeof DEAD_LETTER_STATUSES)[number];

/** `<context>.<id>`: dead letters live in each context's schema, the id is unique within it. */
export const deadLetterIdSchema = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9_]{0,62}\.[0-9]{1,18}$/, { message: t('operations.deadLetterIdInvalid') });

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: t('validation.invalidValue') });

export const deadLetterFilterSchema = z.object({
  status: z.enum(DEAD_LETTER_STATUSES).optional(),
  context: text(63).optional(),
  /** The consumer group as the worker names it: `<context>.<group>`. */
  consumer_group: text(200).optional(),
  type: text(200).optional(),
  q: text(200).optional(),
  id: adminIdsFilterSchema.optional().transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});
export type DeadLetterFilter = z.infer<typeof deadLetterFilterSchema>;

export const deadLetterSchema = z.object({
  id: z.string(),
  context: z.string(),
  /** `<context>.<group>` */
  consumer_group: z.string(),
  event_id: z.string(),
  type: z.string(),
  version: z.number().int(),
  error: z.string(),
  attempts: z.number().int(),
  status: z.enum(DEAD_LETTER_STATUSES),
  failed_at: z.string(),
  resolved_at: z.string().nullable(),
  replay_requested_at: z.string().nullable(),
  replays: z.number().int(),
  last_replayed_at: z.string().nullable(),
  /** The event as it was delivered (envelope and payload); only in the one-record answer. */
  envelope: z.unknown().optional(),
});
export type DeadLetterView = z.infer<typeof deadLetterSchema>;

export const replayGroupBodySchema = z.object({ consumer_group: text(200).pipe(z.string().min(3)) });

const tags = ['operations', 'admin'];
const operators = ['operator'] as const;
const idParams = z.object({ id: deadLetterIdSchema });

export const deadLettersRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin-api/dead-letters',
    summary: 'Eventos no aplicados (dead letters) de todos los contextos (sort, range, filter {status, context, consumer_group, type, q})',
    tags,
    query: adminListQuerySchema,
    response: z.array(deadLetterSchema),
    access: operators,
    errors: [400, 401, 403],
  }),
  one: defineRoute({
    method: 'GET',
    path: '/admin-api/dead-letters/:id',
    summary: 'Un evento no aplicado, con su contenido y el error',
    tags,
    params: idParams,
    response: deadLetterSchema,
    access: operators,
    errors: [400, 401, 403, 404],
  }),
  replay: defineRoute({
    method: 'POST',
    path: '/admin-api/dead-letters/:id/replay',
    summary: 'Pide reaplicar un evento (idempotente: uno ya resuelto no se aplica de nuevo)',
    tags,
    params: idParams,
    response: deadLetterSchema,
    access: operators,
    errors: [400, 401, 403, 404],
  }),
  replayGroup: defineRoute({
    method: 'POST',
    path: '/admin-api/dead-letters/replay',
    summary: 'Pide reaplicar todos los eventos pendientes de un grupo de consumidores',
    tags,
    body: replayGroupBodySchema,
    response: z.object({ consumer_group: z.string(), requested: z.number().int() }),
    access: operators,
    errors: [400, 401, 403],
  }),
};
