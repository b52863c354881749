import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { LOGIN_PROMPTS, balanceViewSchema } from './metering.js';

/** What the consoles show of a person's consultations of one kind (spec 000 §7, 001 §3 "Quota metadata"). */
export const consultationCountersSchema = z.object({
  searchesPerformed: z.number().int(),
  searchesPerformedInStore: z.number().int(),
  consultationsAvailable: balanceViewSchema,
  generalInquiriesAvailable: balanceViewSchema,
});
export type ConsultationCounters = z.infer<typeof consultationCountersSchema>;

export const plateCountersSchema = z.object({
  searchesPerformed: z.number().int(),
  consultationsAvailable: balanceViewSchema,
  generalInquiriesAvailable: balanceViewSchema,
  /** spec 001 §3: total plate queries = plate consultations + general inquiries. */
  consultationsByPlateAvailable: z.number().int(),
});
export type PlateCounters = z.infer<typeof plateCountersSchema>;

const quotaMetadata = z.object({
  loginPrompt: z.enum(LOGIN_PROMPTS),
  freeRemaining: z.number().int(),
  canShowPartNumbers: z.boolean().optional(),
});

export const storeIdQuerySchema = z.object({ storeId: z.string().trim().max(64).optional() });
export const storeIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Valor inválido' }),
});

const tags = ['billing', 'consultations'];
const counters = successSchema(consultationCountersSchema, quotaMetadata);

/** The counters and balances of the three metered lookups, for guests and logged-in people. */
export const countersRoutes = {
  substitutions: defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogSubstitutions/getUserConsultations',
    summary: 'Sustituciones consultadas (30 días) y consultas disponibles',
    tags,
    response: counters,
    access: 'public',
  }),
  catalog: defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/getSearchesPerformed',
    summary: 'Consultas al catálogo (30 días) y consultas disponibles; metadata.canShowPartNumbers',
    tags,
    query: storeIdQuerySchema,
    response: counters,
    access: 'public',
  }),
  aftermarket: defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/getSearchesPerformedAm',
    summary: 'Consultas de sustituciones aftermarket (30 días) y consultas disponibles',
    tags,
    response: counters,
    access: 'public',
  }),
  inStore: defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/:id/getSearchesPerformedOemStore',
    summary: 'Consultas al catálogo dentro de una tienda virtual (sus propios umbrales)',
    tags,
    params: storeIdParamsSchema,
    response: counters,
    access: 'public',
    errors: [400],
  }),
  plate: defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getConsultationsByPlateAvailable',
    summary: 'Consultas por placa disponibles (placa + generales)',
    tags,
    response: successSchema(plateCountersSchema, quotaMetadata),
    access: 'public',
  }),
};
