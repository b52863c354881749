import { z } from 'zod';
import { defineRoute } from '../http/route.js';

/** What /ready answers: 200 when everything this process's role uses answers, else 503 with the same body. */
export const readinessReportSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  role: z.string(),
  /** What this role uses, each reachable or not; any false makes the process unready. */
  checks: z.record(z.string(), z.boolean()),
  /** Information for operators that does not make the process unready. */
  detail: z.object({
    contexts: z.array(z.string()),
    consumers: z.record(z.string(), z.boolean()).optional(),
    deadLetters: z.object({ total: z.number().int(), byGroup: z.record(z.string(), z.number().int()) }).nullable(),
  }),
});
export type ReadinessReportView = z.infer<typeof readinessReportSchema>;

const tags = ['platform'];

/**
 * The kernel's own endpoints, served by every process: liveness, readiness by role, the OpenAPI document.
 * They stay out of ALL_ROUTES (the product's API, its document and its input sweeps): /ready answers 503 by
 * design while a dependency is away.
 */
export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Vida del proceso: responde mientras el proceso corre',
    tags,
    response: z.object({ status: z.literal('ok') }),
    access: 'public',
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/ready',
    summary: 'Disponibilidad del proceso según su rol (503 mientras algo que usa no responde)',
    tags,
    response: readinessReportSchema,
    access: 'public',
    errors: [503],
  }),
  docs: defineRoute({
    method: 'GET',
    path: '/api/docs',
    summary: 'El documento OpenAPI de toda la API, generado de los contratos',
    tags,
    response: z.record(z.string(), z.unknown()),
    access: 'public',
  }),
};
