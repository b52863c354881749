import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/format.js';
import { jsonObjectParam, listQuerySchema, nameListParam, successSchema } from '../http/envelope.js';
import {
  chargingPlanFilterSchema,
  chargingPlanInputSchema,
  chargingPlanPatchSchema,
  chargingPlanSchema,
  currencySchema,
  requestTrialBodySchema,
  transactionTypeSchema,
} from './plans.js';

export const planIdParamsSchema = z.object({ id: z.uuid({ error: 'Valor inválido' }) });

/** POST body: as the plan contract says, except that a missing currency means the app's payment currency. */
export const planCreateBodySchema = chargingPlanInputSchema.extend({ currency: currencySchema.optional() });

/** The plan filter of the list, plus `deleted` (operators: list the deleted plans instead of the live ones). */
export const planListFilterSchema = chargingPlanFilterSchema.extend({ deleted: z.boolean().optional() });
export type PlanListFilter = z.infer<typeof planListFilterSchema>;

/** getChargingPlansActive: the plan filter (JSON) and storePlans 0 (people's plans, the default) or 1 (stores'). */
export const activePlansQuerySchema = z.object({
  filter: jsonObjectParam,
  storePlans: z
    .enum(['0', '1'], { error: t('validation.zeroOrOne') })
    .default('0')
    .transform((v) => v === '1'),
  getters: nameListParam,
});

export const planTabSchema = z.object({ key: transactionTypeSchema, label: z.string() });
export type PlanTab = z.infer<typeof planTabSchema>;

/** A plan as answered: its fields, the price and type as people read them, and (operators) its deletion. */
export const planViewSchema = chargingPlanSchema.extend({
  /** The price in its own currency ('$ 19.900 COP', '$149.00 MXN'). */
  price_label: z.string(),
  transaction_type_label: z.string(),
  /** Operators only: when the plan was deleted (deleted plans stay for the payments that name them). */
  deleted_at: z.string().nullable().optional(),
});
export type PlanView = z.infer<typeof planViewSchema>;

export const trialGrantedSchema = z.object({
  message: z.string(),
  detail: z.string(),
  transactionType: transactionTypeSchema,
  amount: z.number().int(),
  expiresAt: z.string(),
  /** DD/MM/YYYY, as the consoles show expiries. */
  expiredDate: z.string(),
});
export type TrialGranted = z.infer<typeof trialGrantedSchema>;

const listMetadata = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
const tags = ['billing', 'plans'];

/** Charging plans and trials (spec 000 §7 "Charging plans"; 001 §3 "Plan", §7). */
export const plansRoutes = {
  /** The spec writes it with a trailing slash (GET /core/chargingPlans/); both forms answer. */
  list: defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans',
    summary: 'Planes de cobro (filter, page desde 0, pageSize); invitados y clientes ven solo los activos',
    tags,
    query: listQuerySchema,
    response: successSchema(z.array(planViewSchema), listMetadata),
    access: 'public',
    errors: [400],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/core/chargingPlans',
    summary: 'Crear un plan (operadores); la vigencia por defecto depende del tipo (90 o 30 días)',
    tags,
    body: planCreateBodySchema,
    response: successSchema(planViewSchema),
    status: 201,
    access: ['operator'],
    errors: [400, 401, 403],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/core/chargingPlans/:id',
    summary: 'Cambiar un plan (operadores): activar o desactivar, vigencia, tipo, precio',
    tags,
    params: planIdParamsSchema,
    body: chargingPlanPatchSchema,
    response: successSchema(planViewSchema),
    access: ['operator'],
    errors: [400, 401, 403, 404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/core/chargingPlans/:id',
    summary: 'Eliminar un plan (operadores); queda en el historial de los pagos que lo nombran',
    tags,
    params: planIdParamsSchema,
    response: successSchema(planViewSchema),
    access: ['operator'],
    errors: [400, 401, 403, 404],
  }),
  transactionTypes: defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans/getTransactionTypes',
    summary: 'Los diez tipos de plan con su nombre en español y su vigencia por defecto',
    tags,
    response: successSchema(z.array(planTabSchema.extend({ validityDays: z.number().int() }))),
    access: 'public',
  }),
  active: defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans/getChargingPlansActive',
    summary: 'Pestañas (data.data: key, label) y planes activos para personas (storePlans=0) o tiendas (storePlans=1)',
    tags,
    query: activePlansQuerySchema,
    response: successSchema(
      z.object({ data: z.array(planTabSchema), plans: z.array(planViewSchema) }),
      z.object({ total: z.number().int(), storePlans: z.number().int(), paymentCurrency: currencySchema }),
    ),
    access: 'public',
    errors: [400],
  }),
  requestTrial: defineRoute({
    method: 'POST',
    path: '/api/core/chargingPlans/requestTrialConsultation',
    summary: 'Solicitar una consulta de prueba (una vez por persona y tipo); un invitado debe iniciar sesión',
    tags,
    body: requestTrialBodySchema,
    response: successSchema(trialGrantedSchema),
    status: 201,
    access: 'public',
    errors: [400, 401, 409],
  }),
  freePublications: defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans/getFreepublicationsinML',
    summary: 'Publicaciones gratis en Mercado Libre con la suscripción',
    tags,
    response: successSchema(z.object({ amount: z.number().int() })),
    access: 'public',
  }),
};
