import { z } from 'zod';
import {
  chargingPlanSchema,
  chargingPlanInputSchema,
  chargingPlanPatchSchema,
  currencySchema,
  defineRoute,
  jsonObjectParam,
  listQuerySchema,
  nameListParam,
  requestTrialBodySchema,
  successSchema,
  transactionTypeSchema,
  type RouteContract,
} from '@tuerca/contracts';

export const planIdParamsSchema = z.object({ id: z.uuid({ error: 'Valor inválido' }) });

/** POST body: as the contract says, except that a missing currency means the app's payment currency. */
export const planCreateBodySchema = chargingPlanInputSchema.extend({ currency: currencySchema.optional() });

/** getChargingPlansActive: the plan filter (JSON) and storePlans 0 (people's plans, the default) or 1 (stores'). */
export const activePlansQuerySchema = z.object({
  filter: jsonObjectParam,
  storePlans: z
    .enum(['0', '1'], { error: 'Debe ser 0 o 1' })
    .default('0')
    .transform((v) => v === '1'),
  getters: nameListParam,
});

const tabSchema = z.object({ key: transactionTypeSchema, label: z.string() });
const planViewSchema = chargingPlanSchema.extend({
  price_label: z.string(),
  transaction_type_label: z.string(),
  deleted_at: z.string().nullable().optional(),
});

const tags = ['billing', 'plans'];

/** Charging plans and trials (spec 000 §7 "Charging plans"), for the OpenAPI document. */
export const planRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans/',
    summary: 'Planes de cobro (filter, page desde 0, pageSize); invitados y clientes ven solo los activos',
    tags,
    query: listQuerySchema,
    response: successSchema(z.array(planViewSchema)),
    access: 'public',
  }),
  defineRoute({
    method: 'POST',
    path: '/api/core/chargingPlans/',
    summary: 'Crear un plan (operadores); la vigencia por defecto depende del tipo (90 o 30 días)',
    tags,
    body: planCreateBodySchema,
    response: successSchema(planViewSchema),
    access: ['operator'],
    errors: [400, 401, 403],
  }),
  defineRoute({
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
  defineRoute({
    method: 'DELETE',
    path: '/api/core/chargingPlans/:id',
    summary: 'Eliminar un plan (operadores); queda en el historial de los pagos que lo nombran',
    tags,
    params: planIdParamsSchema,
    response: successSchema(planViewSchema),
    access: ['operator'],
    errors: [400, 401, 403, 404],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans/getTransactionTypes',
    summary: 'Los diez tipos de plan con su nombre en español',
    tags,
    response: successSchema(z.array(tabSchema.extend({ validityDays: z.number().int() }))),
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans/getChargingPlansActive',
    summary: 'Pestañas (data.data: key, label) y planes activos para personas (storePlans=0) o tiendas (storePlans=1)',
    tags,
    query: activePlansQuerySchema,
    response: successSchema(z.object({ data: z.array(tabSchema), plans: z.array(planViewSchema) })),
    access: 'public',
  }),
  defineRoute({
    method: 'POST',
    path: '/api/core/chargingPlans/requestTrialConsultation',
    summary: 'Solicitar una consulta de prueba (una vez por persona y tipo)',
    tags,
    body: requestTrialBodySchema,
    access: 'user',
    errors: [400, 401, 409],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/core/chargingPlans/getFreepublicationsinML',
    summary: 'Publicaciones gratis en Mercado Libre con la suscripción',
    tags,
    response: successSchema(z.object({ amount: z.number().int() })),
    access: 'public',
  }),
];
