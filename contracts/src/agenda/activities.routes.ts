import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { jsonObjectParam, listQuerySchema, successSchema } from '../http/envelope.js';
import { activityFilterSchema, activityIdParamsSchema, activityInputSchema, activityPatchSchema, activitySchema } from './activities.js';

const path = '/api/users/activitiesAgenda';
const tags = ['agenda'];
const listMetadata = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
const messageMetadata = z.object({ message: z.string() });

/** spec 001 §7 "GET /users/activitiesAgenda with filter (JSON), page (zero-based), pageSize (default 20)". */
export const activitiesQuerySchema = listQuerySchema.extend({ filter: jsonObjectParam.pipe(activityFilterSchema) });

/**
 * spec 001 §7 "Activities agenda": GET and POST /users/activitiesAgenda; PATCH and DELETE
 * /users/activitiesAgenda/{id}. Reading one is ours. A person sees only their own activities: another
 * person's id answers 404.
 */
export const activitiesRoutes = {
  list: defineRoute({
    method: 'GET',
    path,
    summary: 'Mi agenda de actividades (por fecha); filter {activity_state, from, to, q}; page desde 0, pageSize 20',
    tags,
    query: activitiesQuerySchema,
    response: successSchema(z.array(activitySchema), listMetadata),
    access: 'user',
    errors: [400, 401],
  }),
  create: defineRoute({
    method: 'POST',
    path,
    summary: 'Agendar una actividad (con recordatorio por correo y WhatsApp reminder_minutes antes)',
    tags,
    body: activityInputSchema,
    response: successSchema(activitySchema, messageMetadata),
    status: 201,
    access: 'user',
    errors: [400, 401],
  }),
  one: defineRoute({
    method: 'GET',
    path: `${path}/:id`,
    summary: 'Una de mis actividades',
    tags,
    params: activityIdParamsSchema,
    response: successSchema(activitySchema),
    access: 'user',
    errors: [401, 404],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: `${path}/:id`,
    summary: 'Cambiar una de mis actividades (solo los campos enviados); activity_state 1 la marca realizada',
    tags,
    params: activityIdParamsSchema,
    body: activityPatchSchema,
    response: successSchema(activitySchema, messageMetadata),
    access: 'user',
    errors: [400, 401, 404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: `${path}/:id`,
    summary: 'Eliminar una de mis actividades (su recordatorio se cancela)',
    tags,
    params: activityIdParamsSchema,
    response: successSchema(activitySchema, messageMetadata),
    access: 'user',
    errors: [401, 404],
  }),
};
