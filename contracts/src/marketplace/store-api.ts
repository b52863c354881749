import { z } from 'zod';
import '../http/zod-es.js';
import { t } from '../messages/format.js';
import { adminIdsFilterSchema } from '../http/admin-routes.js';
import { uuidParam } from './params.js';

/**
 * A store's own order API (issue #13; spec 000 §3 product `confirmProductInAPI`, §7 getClientsApi, sendOrderToAPI,
 * removeApiSync, changeOrderVisibility). A store registers API clients (URL, secret, active); every purchase of the
 * store whose products carry confirmProductInAPI is POSTed to each active client as a signed webhook.
 *
 * The webhook (what a store implements):
 * - `POST <url>` with the JSON body below, `content-type: application/json`;
 * - `tuerca-event-id`: the delivery's event id — the same on every retry of one delivery, so the store keeps
 *   the ids it processed and ignores a repeat;
 * - `tuerca-timestamp`: seconds since the epoch when this attempt was signed;
 * - `tuerca-signature`: `v1=` + hex HMAC-SHA256, keyed with the client's secret, over `<timestamp>.<raw body>`.
 *   The store recomputes it over the bytes it received and refuses a timestamp older than 5 minutes.
 * - Any 2xx answer is delivered; anything else (or no answer within 10 s) is tried again with back-off.
 */

/** Header names of the webhook (lower case, as HTTP/2 and Node give them). */
export const STORE_WEBHOOK_HEADERS = {
  eventId: 'tuerca-event-id',
  timestamp: 'tuerca-timestamp',
  signature: 'tuerca-signature',
} as const;

/** The store refuses signatures older than this (replays of a captured request). */
export const STORE_WEBHOOK_TOLERANCE_SECONDS = 300;

export const STORE_API_EVENT_TYPES = ['order.placed', 'order.resent'] as const;
export type StoreApiEventType = (typeof STORE_API_EVENT_TYPES)[number];

export const STORE_API_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type StoreApiDeliveryStatus = (typeof STORE_API_DELIVERY_STATUSES)[number];

/** The order as the store receives it: amounts in integer minor units, IVA included. */
export const storeWebhookBodySchema = z.object({
  eventId: z.uuid(),
  type: z.enum(STORE_API_EVENT_TYPES),
  occurredAt: z.string(),
  order: z.object({
    transactionId: z.uuid(),
    refVenta: z.string(),
    storeId: z.uuid(),
    channel: z.enum(['online', 'order', 'link', 'quotation']),
    state: z.string(),
    currency: z.enum(['COP', 'MXN']),
    totalCents: z.number().int(),
    ivaCents: z.number().int(),
    ivaRate: z.number().int(),
    comment: z.string(),
    reservationExpiresAt: z.string().nullable(),
    buyer: z.object({ name: z.string().nullable(), email: z.string().nullable(), mobile: z.string().nullable() }),
    lines: z.array(
      z.object({
        productId: z.uuid(),
        title: z.string(),
        reference: z.string().nullable(),
        quantity: z.number().int(),
        unitPriceCents: z.number().int(),
        totalCents: z.number().int(),
      }),
    ),
  }),
});
export type StoreWebhookBody = z.infer<typeof storeWebhookBodySchema>;

/** http(s) with a host; whether plain http is allowed is the service's call (only outside production). */
const apiUrl = z
  .string({ error: t('validation.fieldRequired') })
  .trim()
  .max(500)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0 && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: t('storeApi.invalidUrl') },
  );

const secret = z
  .string()
  .min(32, { error: t('storeApi.secretTooShort') })
  .max(200);

/** POST /admin-api/store-api-clients: operators name the store; store admins register their own. */
export const storeApiClientCreateSchema = z.object({
  storeId: uuidParam.optional(),
  name: z
    .string({ error: t('validation.fieldRequired') })
    .trim()
    .min(2, { error: 'Debe tener al menos 2 caracteres' })
    .max(120),
  url: apiUrl,
  /** The store's own secret; Tuerca draws one when absent. Either way it is answered once, here. */
  secret: secret.optional(),
  active: z.boolean().default(true),
});
export type StoreApiClientCreate = z.infer<typeof storeApiClientCreateSchema>;

/** PUT /admin-api/store-api-clients/:id (react-admin sends the whole record; unknown fields are ignored). */
export const storeApiClientUpdateSchema = z
  .object({
    name: z.string().trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120).optional(),
    url: apiUrl.optional(),
    active: z.boolean().optional(),
    /** Draws a new secret (answered once, in this response). */
    rotateSecret: z.boolean().optional(),
  })
  .catchall(z.unknown());
export type StoreApiClientUpdate = z.infer<typeof storeApiClientUpdateSchema>;

/** A client as the store and operators read it; the secret itself only in the answer that set it. */
export const storeApiClientSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  name: z.string(),
  url: z.string(),
  active: z.boolean(),
  /** The secret's last four characters, to tell secrets apart. */
  secretHint: z.string(),
  /** Present only right after creation or a rotation. */
  secret: z.string().optional(),
  deliveries: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
  lastDeliveryAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreApiClientView = z.infer<typeof storeApiClientSchema>;

/** One attempt of a delivery, as the log keeps it. */
export const storeApiAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});

/** A delivery (one event to one client) with its attempts: the delivery log. */
export const storeApiDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.enum(STORE_API_EVENT_TYPES),
  clientId: z.string(),
  clientName: z.string(),
  storeId: z.string(),
  transactionId: z.string(),
  refVenta: z.string(),
  status: z.enum(STORE_API_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  log: z.array(storeApiAttemptSchema),
});
export type StoreApiDeliveryView = z.infer<typeof storeApiDeliverySchema>;

/** The store's side of one transaction: shown in its list or not, synced with its API or not, and the deliveries. */
export const storeOrderSchema = z.object({
  transactionId: z.string(),
  refVenta: z.string(),
  storeId: z.string(),
  hidden: z.boolean(),
  apiSync: z.boolean(),
  deliveries: z.array(storeApiDeliverySchema),
});
export type StoreOrderView = z.infer<typeof storeOrderSchema>;

export const getClientsApiQuerySchema = z.object({ storeId: uuidParam.optional() });

/** changeOrderVisibility: `visible` sets it; without a body it toggles. */
export const changeOrderVisibilitySchema = z.object({ visible: z.boolean().optional() }).default({});

export const adminStoreApiClientFilterSchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  id: adminIdsFilterSchema.optional(),
  storeId: uuidParam.optional(),
  active: z.boolean().optional(),
});
export type AdminStoreApiClientFilter = z.infer<typeof adminStoreApiClientFilterSchema>;

export const adminStoreApiDeliveryFilterSchema = z.strictObject({
  id: adminIdsFilterSchema.optional(),
  storeId: uuidParam.optional(),
  clientId: uuidParam.optional(),
  transactionId: uuidParam.optional(),
  status: z.enum(STORE_API_DELIVERY_STATUSES).optional(),
});
export type AdminStoreApiDeliveryFilter = z.infer<typeof adminStoreApiDeliveryFilterSchema>;
