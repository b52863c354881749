import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

const DEV_ONLY = 'dev-only';
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The variables only the garage reads: the plate lookup's human check and the plate registry's adapter. */
export const garageConfig = defineContextConfig(
  'garage',
  z.object({
    /** Signs the plate lookup's human-check challenges (ALTCHA, self-hosted). */
    CAPTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').default(`${DEV_ONLY}-captcha-hmac-key-change-me-0123456789`),
    /** Proof-of-work difficulty: the secret counter is drawn from [MAX/2, MAX]; the browser tries counters up to it. */
    CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(2).max(10_000_000).default(50_000),
    /** PBKDF2 iterations per counter tried (cost of each attempt). */
    CAPTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(100),
    /** How long a challenge may be solved and used. */
    CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
    /** The plate registry adapter: 'builtin' answers from the seeded registry table, 'http' calls a provider. */
    PLATE_REGISTRY: z.enum(['builtin', 'http']).default('builtin'),
    /** Base URL of the plate provider when PLATE_REGISTRY=http (GET {url}/vehicles/{country}/{plate}). */
    PLATE_REGISTRY_URL: z.url().optional(),
    PLATE_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** Makes the built-in registry answer as a provider outage (demos and tests of the 503 path). */
    PLATE_REGISTRY_OUTAGE: bool.default(false),
  }),
  (c, { NODE_ENV }) => {
    const problems: string[] = [];
    if (NODE_ENV === 'production' && c.CAPTCHA_HMAC_KEY.startsWith(DEV_ONLY)) problems.push('CAPTCHA_HMAC_KEY must be set in production');
    if (c.PLATE_REGISTRY === 'http' && !c.PLATE_REGISTRY_URL) problems.push('PLATE_REGISTRY_URL is required when PLATE_REGISTRY=http');
    return problems;
  },
);
export type GarageConfig = ConfigOf<typeof garageConfig>;
