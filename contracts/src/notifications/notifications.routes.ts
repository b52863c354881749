import { z } from 'zod';
import { adminListQuerySchema } from '../http/envelope.js';
import { adminIdsFilterSchema } from '../http/admin-routes.js';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/index.js';

export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_CHANNELS = ['whatsapp', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Text compared in SQL: bounded, and without NUL (PostgreSQL text cannot hold it). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: t('validation.invalidValue') });

/** `filter` of the operator list: status, channel, free text `q`, the related ids, and `id` (react-admin's getMany). */
export const notificationFilterSchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  q: text(200).optional(),
  template: text(60).optional(),
  event_type: text(60).optional(),
  store_id: text(80).optional(),
  user_id: text(80).optional(),
  quotation_id: text(80).optional(),
  id: adminIdsFilterSchema.optional().transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});
export type NotificationFilter = z.infer<typeof notificationFilterSchema>;

/** One message of the notifications outbox as the operator console shows it. */
export const notificationSchema = z.object({
  id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string().nullable(),
  template: z.string(),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  event_id: z.uuid(),
  event_type: z.string(),
  store_id: z.string().nullable(),
  user_id: z.string().nullable(),
  quotation_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  dispatched_at: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

const tags = ['notifications', 'admin'];
const operators = ['operator'] as const;
const idParams = z.object({ id: z.string().max(100) });

/** The operator console's `notifications` resource (ra-data-simple-rest's dialect). */
export const notificationsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin-api/notifications',
    summary: 'Notificaciones (ra-data-simple-rest: sort, range, filter {status, channel, q}); total en Content-Range',
    tags,
    query: adminListQuerySchema,
    response: z.array(notificationSchema),
    access: operators,
    errors: [400, 401, 403],
  }),
  one: defineRoute({
    method: 'GET',
    path: '/admin-api/notifications/:id',
    summary: 'Una notificación',
    tags,
    params: idParams,
    response: notificationSchema,
    access: operators,
    errors: [401, 403, 404],
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/admin-api/notifications/:id/retry',
    summary: 'Vuelve a encolar una notificación fallida',
    tags,
    params: idParams,
    response: notificationSchema,
    access: operators,
    errors: [401, 403, 404, 409],
  }),
};
