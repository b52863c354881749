import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

const DEV_ONLY = 'dev-only';

/** The variables only billing reads: the payment gateway's adapter and its keys. */
export const billingConfig = defineContextConfig(
  'billing',
  z.object({
    /** Payment gateway adapter for plan and marketplace payments; 'sandbox' follows Wompi's signing scheme (DESIGN §8). */
    PAYMENT_GATEWAY: z.enum(['sandbox', 'wompi']).default('sandbox'),
    /** Wompi (PAYMENT_GATEWAY=wompi): its hosted checkout page and its API (sandbox.wompi.co/v1 for test keys). */
    WOMPI_CHECKOUT_URL: z.url().default('https://checkout.wompi.co/p/'),
    WOMPI_API_URL: z.url().default('https://production.wompi.co/v1'),
    /** The merchant's private key (prv_…): only the server asks Wompi for a reference's transactions with it. */
    PAYMENT_PRIVATE_KEY: z.string().min(1).optional(),
    /** How long a call to the gateway's API may take before it counts as unreachable. */
    PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** A pending payment older than this is reconciled by asking the gateway (its event may never have arrived). */
    PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(15),
    /** The merchant's public key, sent in the checkout form. */
    PAYMENT_PUBLIC_KEY: z.string().min(1).default('pub_test_tuerca_sandbox'),
    /** Signs the checkout form (integrity signature); shared with the gateway. */
    PAYMENT_INTEGRITY_SECRET: z
      .string()
      .min(16, 'must be at least 16 characters')
      .default(`${DEV_ONLY}-payment-integrity-secret-0123456789`),
    /** Authenticates the gateway's events (checksum); shared with the gateway. */
    PAYMENT_EVENTS_SECRET: z.string().min(16, 'must be at least 16 characters').default(`${DEV_ONLY}-payment-events-secret-0123456789`),
    /** Gateway events accepted per minute from one address (the webhook is public; a gateway sends a few a minute). */
    PAYMENT_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /** How often the worker sweeps billing's time-based duties (expiries, reminders): runs what is due, re-arms alarms. */
    BILLING_DUTY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  }),
  (c, { NODE_ENV }) => {
    const problems: string[] = [];
    if (NODE_ENV === 'production')
      for (const key of ['PAYMENT_INTEGRITY_SECRET', 'PAYMENT_EVENTS_SECRET'] as const)
        if (c[key].startsWith(DEV_ONLY)) problems.push(`${key} must be set in production`);
    if (c.PAYMENT_GATEWAY === 'wompi' && !c.PAYMENT_PRIVATE_KEY) problems.push('PAYMENT_PRIVATE_KEY must be set for PAYMENT_GATEWAY=wompi');
    return problems;
  },
);
export type BillingConfig = ConfigOf<typeof billingConfig>;
