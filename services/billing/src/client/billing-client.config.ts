import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

/**
 * What a process that does not run billing needs to reach it: billing's base URL. Read by the composition
 * root only (services/app), which binds the Metering port to billing's HTTP adapter when billing is not among
 * SERVICES; the kernel's configuration does not know billing.
 */
export const billingClientConfig = defineContextConfig(
  'billing-client',
  z.object({
    /** Base URL of the billing service when this process does not run it (metering). */
    BILLING_URL: z.url().optional(),
  }),
);
export type BillingClientConfig = ConfigOf<typeof billingClientConfig>;
