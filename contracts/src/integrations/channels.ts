import { z } from 'zod';
import { adminIdsFilterSchema } from '../http/admin-routes.js';

/**
 * Outside sales channels of a store (issue 18): MercadoLibre (MCO Colombia, MLM México) and Google Merchant
 * Center. Listing states follow MercadoLibre's item `status` (active, paused, closed, under_review) plus
 * Tuerca's own 'pending' (not sent yet) and 'error' (the last attempt failed for good).
 */
export const ML_SITES = ['MCO', 'MLM'] as const;
export type MlSite = (typeof ML_SITES)[number];
export const mlSiteOfCountry = (country: 'CO' | 'MX'): MlSite => (country === 'MX' ? 'MLM' : 'MCO');

export const LISTING_STATUSES = ['pending', 'active', 'paused', 'closed', 'under_review', 'error'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const CHANNELS = ['mercadolibre', 'google_merchant'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CONNECTION_STATES = ['not_connected', 'pending', 'connected', 'error'] as const;

/** A store's MercadoLibre account as the seller sees it (never its tokens). */
export const mlConnectionSchema = z.object({
  store_id: z.uuid(),
  site_id: z.enum(ML_SITES),
  state: z.enum(CONNECTION_STATES),
  ml_user_id: z.string().nullable(),
  ml_nickname: z.string().nullable(),
  token_expires_at: z.string().nullable(),
  last_error: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type MlConnectionView = z.infer<typeof mlConnectionSchema>;

/** spec 000 §7 "GET indicatorsForProductsInML": how a store's products stand on MercadoLibre. */
export const mlIndicatorsSchema = z.object({
  store_id: z.uuid(),
  connected: z.boolean(),
  products: z.number().int(),
  published: z.number().int(),
  paused: z.number().int(),
  pending: z.number().int(),
  with_errors: z.number().int(),
  closed: z.number().int(),
  /** Products whose compatibilities name make, model and year (or that fit every vehicle). */
  with_complete_compatibilities: z.number().int(),
  without_compatibilities: z.number().int(),
  /**
   * spec 000 §7 getFreepublicationsinML: the free publications a marketplace-integration plan includes (`amount`),
   * how many open listings the store has and how many remain; whether it has a plan in force and until when.
   */
  free_publications: z.object({
    amount: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    plan_active: z.boolean(),
    plan_expires_at: z.string().nullable(),
  }),
});
export type MlIndicators = z.infer<typeof mlIndicatorsSchema>;

export const indicatorsQuerySchema = z.object({ storeId: z.uuid().optional() });

/** spec 000 §7 "PATCH /{id}/changeStateInML (body)": pause or re-activate one product's listing. */
export const changeStateInMlBodySchema = z.object({ state: z.enum(['active', 'paused']) });

/** Which products to publish (all the store's published products when absent). */
export const publishInMlBodySchema = z.object({
  product_ids: z.array(z.uuid()).max(1000).optional(),
  store_id: z.uuid().optional(),
});

export const mlAuthorizeQuerySchema = z.object({ store_id: z.uuid().optional() });
export const mlCallbackQuerySchema = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/**
 * MercadoLibre's notification (its "Notificaciones" resource): `{ resource, user_id, topic, application_id,
 * attempts, sent, received }`; Tuerca follows the `items` topic.
 */
export const mlNotificationSchema = z.object({
  _id: z.string().max(100).optional(),
  resource: z.string().max(300),
  user_id: z.union([z.number(), z.string()]).transform(String),
  topic: z.string().max(60),
  application_id: z.union([z.number(), z.string()]).transform(String).optional(),
  attempts: z.number().int().optional(),
  sent: z.string().optional(),
  received: z.string().optional(),
});

/** A store's Google Merchant Center feed. */
export const merchantStateSchema = z.object({
  store_id: z.uuid(),
  enabled: z.boolean(),
  feed_url: z.string(),
  items: z.number().int(),
  inserted: z.number().int(),
  pending: z.number().int(),
  with_errors: z.number().int(),
});
export const merchantEnableBodySchema = z.object({ store_id: z.uuid().optional() });
export const channelStoreParamsSchema = z.object({ storeId: z.uuid() });
export const channelIdParamsSchema = z.object({ id: z.string().max(100) });

/** One product on one channel, as the operator console lists it. */
export const channelListingSchema = z.object({
  id: z.string(),
  channel: z.enum(CHANNELS),
  product_id: z.uuid(),
  store_id: z.uuid(),
  title: z.string(),
  external_id: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  desired_status: z.enum(['active', 'paused', 'closed']),
  compatibilities: z.number().int(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sync_due_at: z.string().nullable(),
  synced_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ChannelListing = z.infer<typeof channelListingSchema>;

export const channelListingFilterSchema = z.object({
  channel: z.enum(CHANNELS).optional(),
  status: z.enum(LISTING_STATUSES).optional(),
  store_id: z.uuid().optional(),
  q: z.string().trim().max(200).optional(),
  id: adminIdsFilterSchema.optional().transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});
export type ChannelListingFilter = z.infer<typeof channelListingFilterSchema>;

/** One store's channels, as the operator console lists them. */
export const channelStoreSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  country: z.enum(['CO', 'MX']),
  ml_state: z.enum(CONNECTION_STATES),
  ml_site: z.enum(ML_SITES),
  ml_nickname: z.string().nullable(),
  ml_last_error: z.string().nullable(),
  gmc_enabled: z.boolean(),
  products: z.number().int(),
  ml_published: z.number().int(),
  ml_paused: z.number().int(),
  ml_pending: z.number().int(),
  ml_errors: z.number().int(),
  gmc_inserted: z.number().int(),
  gmc_errors: z.number().int(),
});
export const channelStoreFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  id: adminIdsFilterSchema.optional().transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});
