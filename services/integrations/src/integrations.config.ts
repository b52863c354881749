import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

/** The development secret of the token cipher; production refuses it. */
export const DEV_TOKEN_KEY = 'dev-only-integrations-token-key-change-me-0123456789';

/** The variables only the integrations context reads. */
export const integrationsConfig = defineContextConfig(
  'integrations',
  z.object({
    /** How often the sweeps re-arm listings due for a sync whose BullMQ job is missing (seconds). */
    INTEGRATIONS_SYNC_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /** Attempts per sync of one listing (BullMQ, exponential back-off) before it is marked 'error'. */
    INTEGRATIONS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** The secret the stores' MercadoLibre tokens are encrypted with at rest (AES-256-GCM under its SHA-256). */
    INTEGRATIONS_TOKEN_KEY: z.string().min(32, 'must be at least 32 characters').default(DEV_TOKEN_KEY),
    /** MercadoLibre's API (api.mercadolibre.com: /oauth/token, /items, /items/{id}/compatibilities). */
    ML_API_URL: z.url().default('https://api.mercadolibre.com'),
    /**
     * Where a seller authorizes the app; empty: the site's own (auth.mercadolibre.com.co for MCO,
     * auth.mercadolibre.com.mx for MLM).
     */
    ML_AUTH_URL: z.string().default(''),
    /** The MercadoLibre application (developers.mercadolibre.com "Mis aplicaciones"). */
    ML_CLIENT_ID: z.string().default(''),
    ML_CLIENT_SECRET: z.string().default(''),
    /** The listing type new listings take (MercadoLibre's listing_type_id). */
    ML_LISTING_TYPE: z.string().default('gold_special'),
    /** Google Merchant Center: 'feed' (Google fetches each store's feed URL) or 'merchant-api' (products pushed). */
    GMC_MODE: z.enum(['feed', 'merchant-api']).default('feed'),
    /** Merchant API (merchantapi.googleapis.com, products v1). */
    GMC_API_URL: z.url().default('https://merchantapi.googleapis.com'),
    GMC_ACCOUNT_ID: z.string().default(''),
    /** The API data source products are inserted into (`accounts/{account}/dataSources/{id}`'s id). */
    GMC_DATA_SOURCE_ID: z.string().default(''),
    /** An OAuth 2.0 access token of the service account with the Content scope. */
    GMC_ACCESS_TOKEN: z.string().default(''),
  }),
  (c, env) => [
    ...(env.NODE_ENV === 'production' && c.INTEGRATIONS_TOKEN_KEY.startsWith('dev-only')
      ? ['INTEGRATIONS_TOKEN_KEY must be set in production (the development key is public)']
      : []),
    ...(c.GMC_MODE === 'merchant-api' && (!c.GMC_ACCOUNT_ID || !c.GMC_DATA_SOURCE_ID || !c.GMC_ACCESS_TOKEN)
      ? ['GMC_ACCOUNT_ID, GMC_DATA_SOURCE_ID and GMC_ACCESS_TOKEN are required with GMC_MODE=merchant-api']
      : []),
  ],
);
export type IntegrationsConfig = ConfigOf<typeof integrationsConfig>;
