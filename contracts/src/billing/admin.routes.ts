import { z } from 'zod';
import { adminIdsFilterSchema, adminResource } from '../http/admin-routes.js';
import { defineRoute } from '../http/route.js';
import { chargingPlanChangesSchema, chargingPlanInputSchema, currencySchema, transactionTypeSchema } from './plans.js';
import { planViewSchema } from './plans.routes.js';

/** Operators change billing; advisers read it; everyone else gets 403. */
export const BILLING_ADMIN_WRITE = ['operator'] as const;
export const BILLING_ADMIN_READ = ['operator', 'adviser'] as const;

const uuid = z.uuid({ error: 'Valor inválido' });
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const day = z.iso.date({ error: 'Fecha inválida' });

export const billingUuidParamsSchema = z.object({ id: uuid });

// ---- charging plans ------------------------------------------------------------------------

export const adminPlanFilterSchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  id: adminIdsFilterSchema.optional(),
  transaction_type: transactionTypeSchema.optional(),
  currency: currencySchema.optional(),
  active: flag.optional(),
  store_plan: flag.optional(),
  /** true: the deleted plans (kept for the payments that name them) instead of the live ones. */
  deleted: flag.optional(),
});
export type AdminPlanFilter = z.infer<typeof adminPlanFilterSchema>;

// ---- app parameters ------------------------------------------------------------------------

export const parameterIdParamsSchema = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9]+$/, { error: 'Valor inválido' }),
});

export const PARAMETER_KINDS = ['number', 'boolean', 'currency'] as const;

export const adminParameterFilterSchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  id: adminIdsFilterSchema.optional(),
  kind: z.enum(PARAMETER_KINDS).optional(),
  /** true: only the parameters an operator changed from their default. */
  changed: flag.optional(),
});
export type AdminParameterFilter = z.infer<typeof adminParameterFilterSchema>;

const parameterValue = z.union([z.number(), z.boolean(), z.string()]);
export const adminParameterChangeSchema = z.object({
  id: z.string(),
  value: parameterValue,
  previous: parameterValue.nullable(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export const adminParameterSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(PARAMETER_KINDS),
  choices: z.array(z.string()).optional(),
  value: parameterValue,
  default: parameterValue,
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The latest changes, newest first (GET /:id carries up to 50; lists carry none). */
  history: z.array(adminParameterChangeSchema).optional(),
});
export type AdminParameter = z.infer<typeof adminParameterSchema>;
export const adminParameterUpdateSchema = z.object({
  value: z.unknown().refine((v) => v !== undefined, { error: 'Este campo es obligatorio' }),
});

// ---- consultation balances -----------------------------------------------------------------

export const BALANCE_STATUSES = ['available', 'spent', 'expired'] as const;
export const BALANCE_SOURCES = ['purchase', 'trial', 'manual'] as const;

export const adminBalanceFilterSchema = z.strictObject({
  id: adminIdsFilterSchema.optional(),
  userId: z.string().trim().max(64).optional(),
  type: transactionTypeSchema.optional(),
  source: z.enum(BALANCE_SOURCES).optional(),
  status: z.enum(BALANCE_STATUSES).optional(),
});
export type AdminBalanceFilter = z.infer<typeof adminBalanceFilterSchema>;

export const adminBalanceSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: transactionTypeSchema,
  typeLabel: z.string(),
  amount: z.number().int(),
  remaining: z.number().int(),
  source: z.enum(BALANCE_SOURCES),
  status: z.enum(BALANCE_STATUSES),
  reason: z.string().nullable(),
  creditedBy: z.string().nullable(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expiredAt: z.string().nullable(),
});
export type AdminBalance = z.infer<typeof adminBalanceSchema>;

/** A manual credit: who, what type, how many, for how long and why (the reason is audited). */
export const manualCreditSchema = z.object({
  userId: uuid,
  type: transactionTypeSchema,
  amount: z.coerce.number({ error: 'Debe ser un número' }).int({ error: 'Debe ser un número entero' }).min(1).max(100000),
  validityDays: z.coerce.number({ error: 'Debe ser un número' }).int().min(1).max(3650).optional(),
  reason: z.string({ error: 'Este campo es obligatorio' }).trim().min(5, { error: 'Debe tener al menos 5 caracteres' }).max(500),
});
export type ManualCredit = z.infer<typeof manualCreditSchema>;

// ---- billing metrics -----------------------------------------------------------------------

export const dayParamsSchema = z.object({ id: day });

export const adminMetricsFilterSchema = z
  .strictObject({
    id: z.union([day, z.array(day).max(1000)]).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fecha final debe ser igual o posterior a la inicial' });
  });
export type AdminMetricsFilter = z.infer<typeof adminMetricsFilterSchema>;

export const billingMetricSchema = z.object({
  id: z.string(),
  day: z.string(),
  consultations: z.number().int(),
  catalog: z.number().int(),
  substitutions: z.number().int(),
  plate: z.number().int(),
  /** Consultations paid from a balance (not free). */
  charged: z.number().int(),
  plansSold: z.number().int(),
  revenueCOP: z.number(),
  revenueMXN: z.number(),
});
export type BillingMetric = z.infer<typeof billingMetricSchema>;

// ---- route contracts -----------------------------------------------------------------------

const tags = ['billing', 'admin-api'];
const access = { read: BILLING_ADMIN_READ, write: BILLING_ADMIN_WRITE, tags };
const readErrors = [400, 401, 403, 404] as const;

const PLANS = '/admin-api/charging-plans';
const BALANCES = '/admin-api/consultation-balances';

/**
 * The operator console's billing resources, in ra-data-simple-rest's dialect. The writes a resource allows
 * are written out here (rather than through adminResource's options) so their bodies keep their types.
 */
export const billingAdminRoutes = {
  plans: {
    ...adminResource(PLANS, {
      ...access,
      summary: 'Planes de cobro, también inactivos (filter: q, id, transaction_type, currency, active, store_plan, deleted)',
      row: planViewSchema,
      params: billingUuidParamsSchema,
    }),
    create: defineRoute({
      method: 'POST',
      path: PLANS,
      summary: 'Crear un plan de cobro',
      tags,
      body: chargingPlanInputSchema.partial({ currency: true }),
      response: planViewSchema,
      status: 201,
      access: BILLING_ADMIN_WRITE,
      errors: [400, 401, 403],
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${PLANS}/:id`,
      summary: 'Cambiar un plan: activar, vigencia, tipo de transacción, precio (los demás campos del registro se ignoran)',
      tags,
      params: billingUuidParamsSchema,
      body: chargingPlanChangesSchema,
      response: planViewSchema,
      access: BILLING_ADMIN_WRITE,
      errors: readErrors,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${PLANS}/:id`,
      summary: 'Eliminar un plan (queda para el historial de pagos)',
      tags,
      params: billingUuidParamsSchema,
      response: planViewSchema,
      access: BILLING_ADMIN_WRITE,
      errors: readErrors,
    }),
  },
  parameters: {
    ...adminResource('/admin-api/app-parameters', {
      ...access,
      summary: 'Parámetros de la aplicación con su valor, valor por defecto e historial auditado (filter: q, id, kind, changed)',
      row: adminParameterSchema,
      params: parameterIdParamsSchema,
    }),
    update: defineRoute({
      method: 'PUT',
      path: '/admin-api/app-parameters/:id',
      summary: 'Cambiar el valor de un parámetro (validado por su esquema; auditado)',
      tags,
      params: parameterIdParamsSchema,
      body: adminParameterUpdateSchema,
      response: adminParameterSchema,
      access: BILLING_ADMIN_WRITE,
      errors: readErrors,
    }),
  },
  balances: {
    ...adminResource(BALANCES, {
      ...access,
      summary: 'Saldos de consultas por persona (filter: id, userId, type, source, status)',
      row: adminBalanceSchema,
      params: billingUuidParamsSchema,
    }),
    create: defineRoute({
      method: 'POST',
      path: BALANCES,
      summary: 'Acreditar consultas manualmente con un motivo (auditado; emite ConsultationsCredited)',
      tags,
      body: manualCreditSchema,
      response: adminBalanceSchema,
      status: 201,
      access: BILLING_ADMIN_WRITE,
      errors: [400, 401, 403],
    }),
  },
  metrics: adminResource('/admin-api/billing-metrics', {
    ...access,
    summary: 'Por día (America/Bogota): consultas consumidas por tipo y planes vendidos (filter: from, to, id)',
    row: billingMetricSchema,
    params: dayParamsSchema,
  }),
};
