import { z } from 'zod';
import { t } from '../messages/index.js';
import { webUrlParam } from './params.js';
import { purchaseDiscountRuleSchema } from './product.js';
import { withE164Mobile } from '../notifications/phone.js';
import { CONTEXT_HTTP_PREFIXES } from '../http/context-routes.js';

/**
 * First path segments under /api/ that belong to a context's area (`/api/cart/…`, `/api/garage/…`): a store's
 * path prefix may not be one, since `/api/{prefix}/cart/page/sendQuotationToClientAjax` must reach the
 * marketplace through the edge, where a context's own area wins over the prefixed pattern.
 */
export const RESERVED_PATH_PREFIXES: readonly string[] = [
  ...new Set(
    Object.values(CONTEXT_HTTP_PREFIXES)
      .flat()
      .filter((p) => p.startsWith('/api/'))
      .map((p) => p.split('/')[2]!.toLowerCase()),
  ),
  'docs',
];

const PATH_PREFIX_RE = /^[a-z0-9][a-z0-9-]{1,59}$/;

/** A store's path prefix as a route parameter (`/api/:pathPrefix/cart/page/…`). */
export const storePathPrefixParam = z
  .string()
  .regex(PATH_PREFIX_RE, { error: t('validation.invalidStorePrefix') })
  .refine((v) => !RESERVED_PATH_PREFIXES.includes(v), { error: t('validation.invalidStorePrefix') });

/** A store or virtual store as operators (and the store's own admin) write it. */
export const storeInputSchema = z
  .object({
    name: z
      .string({ error: t('validation.fieldRequired') })
      .trim()
      .min(2, { error: 'Debe tener al menos 2 caracteres' })
      .max(120),
    country: z.enum(['CO', 'MX']).default('CO'),
    city: z.string().trim().max(80).nullable().optional(),
    isVirtualStore: z.boolean().default(false),
    pathPrefix: z
      .string()
      .trim()
      .toLowerCase()
      .regex(PATH_PREFIX_RE, { error: t('validation.storePrefixFormat') })
      .refine((v) => !RESERVED_PATH_PREFIXES.includes(v), { error: t('validation.reservedStorePrefix') })
      .nullable()
      .optional(),
    /** http(s) or a path of the site: never `javascript:` (issue 20 §9). */
    logotypeUrl: webUrlParam.nullable().optional(),
    showStoreLogoInProduct: z.boolean().default(false),
    showProductReferences: z.boolean().default(true),
    showStoreNameToUser: z.boolean().default(true),
    showProvider: z.boolean().default(true),
    providerName: z.string().trim().max(120).nullable().optional(),
    purchaseDiscountRules: z.array(purchaseDiscountRuleSchema).max(20).default([]),
    minimumPurchaseValue: z.coerce.number().min(0).max(1_000_000_000).default(0),
    mobile: z
      .string()
      .trim()
      .regex(/^\+?[0-9]{10,15}$/, { error: t('validation.invalidMobile') })
      .nullable()
      .optional(),
  })
  .transform(withE164Mobile);
export type StoreInput = z.infer<typeof storeInputSchema>;

/** A store as the operator console reads it. */
export const storeViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.enum(['CO', 'MX']),
  currency: z.enum(['COP', 'MXN']),
  city: z.string().nullable(),
  isVirtualStore: z.boolean(),
  pathPrefix: z.string().nullable(),
  logotypeUrl: z.string().nullable(),
  showStoreLogoInProduct: z.boolean(),
  showProductReferences: z.boolean(),
  showStoreNameToUser: z.boolean(),
  showProvider: z.boolean(),
  providerName: z.string().nullable(),
  purchaseDiscountRules: z.array(purchaseDiscountRuleSchema),
  minimumPurchaseValue: z.number(),
  mobile: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreView = z.infer<typeof storeViewSchema>;
