import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { APP_PARAMETERS, APP_PARAMETER_NAMES, appParameterUpdateSchema } from './parameters.js';
import { currencySchema } from './plans.js';

/** A parameter's value as answered: a number, a flag or a currency, by the parameter's default. */
const valueOf = (name: (typeof APP_PARAMETER_NAMES)[number]) => {
  const def = APP_PARAMETERS[name].default as unknown;
  return typeof def === 'number' ? z.number() : typeof def === 'boolean' ? z.boolean() : currencySchema;
};

/** Every app parameter with its current value. */
export const appParameterValuesSchema = z.object(Object.fromEntries(APP_PARAMETER_NAMES.map((n) => [n, valueOf(n)])));

const anyValue = z.union([z.number(), z.boolean(), z.string()]);

export const appParameterChangeViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: anyValue,
  previous: anyValue.nullable(),
  changed_by: z.string(),
  changed_at: z.string(),
});
export type AppParameterChangeView = z.infer<typeof appParameterChangeViewSchema>;

export const appParameterNameParamsSchema = z.object({ name: z.string().min(1).max(100) });
export const appParameterHistoryQuerySchema = z.object({
  name: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const tags = ['billing', 'parameters'];

/** App parameters (spec 001 §3 "App parameters"): everyone reads them, operators change them (audited). */
export const parametersRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/api/core/appParameters',
    summary: 'Parámetros de la aplicación (umbrales de consultas gratis, banderas) con su descripción y valor por defecto',
    tags,
    response: successSchema(
      appParameterValuesSchema,
      z.object({ descriptions: z.record(z.string(), z.string()), defaults: z.record(z.string(), anyValue) }),
    ),
    access: 'public',
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/core/appParameters/history',
    summary: 'Historial de cambios de parámetros (operadores), el más reciente primero',
    tags,
    query: appParameterHistoryQuerySchema,
    response: successSchema(z.array(appParameterChangeViewSchema)),
    access: ['operator'],
    errors: [400, 401, 403],
  }),
  set: defineRoute({
    method: 'PATCH',
    path: '/api/core/appParameters/:name',
    summary: 'Cambiar un parámetro (operadores; validado por su esquema y auditado)',
    tags,
    params: appParameterNameParamsSchema,
    body: appParameterUpdateSchema,
    response: successSchema(z.object({ name: z.string(), value: anyValue })),
    access: ['operator'],
    errors: [400, 401, 403, 404],
  }),
};
