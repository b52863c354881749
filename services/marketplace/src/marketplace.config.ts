import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

/** The variables only the marketplace context reads. */
export const marketplaceConfig = defineContextConfig(
  'marketplace',
  z.object({
    /**
     * How often the reservation sweep looks for holds past their end that no job released (a job lost between
     * a checkout's commit and its scheduling, or Redis down for a while).
     */
    MARKETPLACE_RESERVATION_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
    /** Stores' order APIs: the first retry's wait (doubling after each failure, at most 1 h). */
    MARKETPLACE_STORE_API_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    /** Attempts of one delivery before it is marked failed (a seller can resend it). */
    MARKETPLACE_STORE_API_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(10),
    /** How long a store's API may take to answer one delivery. */
    MARKETPLACE_STORE_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** How often the sweep re-arms deliveries whose alarm was lost (a crash, Redis away, a killed worker's lease). */
    MARKETPLACE_STORE_API_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
    /** Base URL of the billing service when this process does not run it (billing's internal payments route). */
    BILLING_URL: z.url().optional(),
  }),
);
export type MarketplaceConfig = ConfigOf<typeof marketplaceConfig>;
