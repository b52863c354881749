import { z } from 'zod';
import '../http/zod-es.js';
import { t, type MessageKey } from '../messages/format.js';

/**
 * The ten charging-plan keys of the spec (000 §3 "Charging plan tab"). The external-marketplace
 * subscription key is not named by the spec; Tuerca calls it `marketplace_integration`.
 */
export const TRANSACTION_TYPES = [
  'plate_consultations',
  'catalog_consultations',
  'substitutions_consultations',
  'general_inquiries',
  'store_implementation',
  'product_images',
  'marketplace_integration',
  'credit_studies',
  'credit_requests',
  'orders',
] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

const TAB_LABEL_KEYS: Record<TransactionType, MessageKey> = {
  plate_consultations: 'plans.tabs.plateConsultations',
  catalog_consultations: 'plans.tabs.catalogConsultations',
  substitutions_consultations: 'plans.tabs.substitutionsConsultations',
  general_inquiries: 'plans.tabs.generalInquiries',
  store_implementation: 'plans.tabs.storeImplementation',
  product_images: 'plans.tabs.productImages',
  marketplace_integration: 'plans.tabs.marketplaceSubscription',
  credit_studies: 'plans.tabs.creditStudies',
  credit_requests: 'plans.tabs.creditRequests',
  orders: 'plans.tabs.orders',
};

export function transactionTypeLabel(type: TransactionType): string {
  return t(TAB_LABEL_KEYS[type]);
}

/** spec: plans are valid 90 days from top-up; marketplace-integration and order plans 30 days. */
export function defaultValidityDays(type: TransactionType): number {
  return type === 'marketplace_integration' || type === 'orders' ? 30 : 90;
}

export const CURRENCIES = ['COP', 'MXN'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

export const chargingPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Consultations (or units) the plan credits. */
  amount: z.number().int(),
  price: z.number(),
  currency: currencySchema,
  transaction_type: transactionTypeSchema,
  validity_days: z.number().int(),
  store_plan: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChargingPlanView = z.infer<typeof chargingPlanSchema>;

const money = z.coerce
  .number({ error: 'Debe ser un número' })
  .positive({ error: t('validation.greaterThanZero') })
  .max(1_000_000_000)
  .refine((v) => Math.round(v * 100) === v * 100, { error: t('validation.twoDecimals') });

/** A plan's fields as an operator types them (no defaults: a PATCH names only what it changes). */
const planFields = {
  title: z.string().trim().min(3).max(120),
  description: z.string().trim().max(2000),
  amount: z.coerce.number().int().min(1).max(1_000_000),
  price: money,
  currency: currencySchema,
  transaction_type: transactionTypeSchema,
  validity_days: z.coerce.number().int().min(1).max(3650),
  store_plan: z.boolean(),
  active: z.boolean(),
};

export const chargingPlanInputSchema = z.object({
  ...planFields,
  description: planFields.description.default(''),
  currency: planFields.currency.default('COP'),
  validity_days: planFields.validity_days.optional(),
  store_plan: planFields.store_plan.default(false),
  active: planFields.active.default(true),
});
export type ChargingPlanInput = z.infer<typeof chargingPlanInputSchema>;
/** The fields of a plan a change may carry, each optional and without defaults. */
export const chargingPlanChangesSchema = z.object(planFields).partial();
/** A change of a plan: only the fields sent, at least one. */
export const chargingPlanPatchSchema = chargingPlanChangesSchema.refine((v) => Object.keys(v).length > 0, {
  error: 'No hay cambios para guardar',
});
export type ChargingPlanPatch = z.infer<typeof chargingPlanPatchSchema>;

export const chargingPlanFilterSchema = z
  .object({
    transaction_type: transactionTypeSchema.optional(),
    active: z.boolean().optional(),
    store_plan: z.boolean().optional(),
    q: z.string().max(100).optional(),
  })
  .strict();

export const requestTrialBodySchema = z.object({ transactionType: transactionTypeSchema });
export const createTransactionBodySchema = z.object({
  planId: z.uuid({ error: 'Valor inválido' }),
});
