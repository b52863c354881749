import { z } from 'zod';
import { purchaseDiscountRuleSchema } from '@tuerca/contracts';

/** A store or virtual store as operators (and the store's own admin) write it. */
export const storeInputSchema = z.object({
  name: z.string({ error: 'Este campo es obligatorio' }).trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120),
  country: z.enum(['CO', 'MX']).default('CO'),
  city: z.string().trim().max(80).nullable().optional(),
  isVirtualStore: z.boolean().default(false),
  pathPrefix: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,59}$/, { error: 'Solo letras minúsculas, números y guiones (2 a 60 caracteres)' })
    .nullable()
    .optional(),
  logotypeUrl: z.url({ error: 'URL inválida' }).max(1000).nullable().optional(),
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
    .regex(/^\+?[0-9]{10,15}$/, { error: 'Número de celular inválido' })
    .nullable()
    .optional(),
});
export type StoreInput = z.infer<typeof storeInputSchema>;
