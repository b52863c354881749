import { z } from 'zod';
import '../http/zod-es.js';
import { adminIdsFilterSchema, adminResource } from '../http/admin-routes.js';
import { SEARCH_KINDS, checkDayRange } from './analytics.routes.js';

/** Operators resolve reports; advisers read reports and analytics; everyone else gets 403. */
export const CATALOG_ADMIN_WRITE = ['operator'] as const;
export const CATALOG_ADMIN_READ = ['operator', 'adviser'] as const;

const uuid = z.uuid({ error: 'Valor inválido' });
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const day = z.iso.date({ error: 'Fecha inválida' });

// ---- error reports (reportSubstitutionError) -------------------------------------------------

export const reportIdParamsSchema = z.object({ id: uuid });

export const adminReportFilterSchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  id: adminIdsFilterSchema.optional(),
  reference: z.string().trim().max(100).optional(),
  resolved: flag.optional(),
  reporterKind: z.enum(['guest', 'user']).optional(),
});
export type AdminReportFilter = z.infer<typeof adminReportFilterSchema>;

export const adminReportSchema = z.object({
  id: z.string(),
  errorMessage: z.string(),
  reference: z.string().nullable(),
  url: z.string().nullable(),
  reporterKind: z.string(),
  reporterId: z.string(),
  createdAt: z.string(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** Marks a report resolved (or pending again); the rest of what react-admin sends back is ignored. */
export const adminReportUpdateSchema = z.object({ resolved: z.boolean({ error: 'Debe ser verdadero o falso' }) });

// ---- search analytics ------------------------------------------------------------------------

/** A search (its event id), or the dashboard's summary: `summary` (30 days) or `summary-<days>` (1 to 366). */
export const analyticsIdParamsSchema = z.object({
  id: z.union([
    uuid,
    z
      .string()
      .regex(/^summary(-[1-9]\d{0,2})?$/, { error: 'Valor inválido' })
      .refine((v) => v === 'summary' || Number(v.slice(8)) <= 366, { error: 'Valor inválido' }),
  ]),
});

export const adminSearchFilterSchema = z
  .strictObject({
    id: adminIdsFilterSchema.optional(),
    kind: z.enum(SEARCH_KINDS).optional(),
    found: flag.optional(),
    personKind: z.enum(['guest', 'user']).optional(),
    catalogCode: z.string().trim().min(1).max(64).optional(),
    make: z.string().trim().min(1).max(64).optional(),
    q: z.string().trim().min(1).max(200).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine(checkDayRange);
export type AdminSearchFilter = z.infer<typeof adminSearchFilterSchema>;

export const adminSearchSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  day: z.string(),
  kind: z.enum(SEARCH_KINDS),
  query: z.string(),
  personKind: z.string(),
  catalogCode: z.string().nullable(),
  make: z.string().nullable(),
  found: z.boolean(),
  resultCount: z.number().int(),
  latencyMs: z.number().int(),
});
export type AdminSearch = z.infer<typeof adminSearchSchema>;

const reference = z.object({ kind: z.enum(SEARCH_KINDS), query: z.string(), count: z.number().int(), lastSearchedAt: z.string() });
export const analyticsSummarySchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  totals: z.object({ searches: z.number().int(), found: z.number().int(), notFound: z.number().int() }),
  /** One row per day (oldest first), a column per kind: ready for a stacked chart. */
  perDay: z.array(
    z.object({
      day: z.string(),
      vin: z.number().int(),
      frame: z.number().int(),
      oem: z.number().int(),
      substitutions: z.number().int(),
      total: z.number().int(),
    }),
  ),
  topReferences: z.array(reference),
  notFound: z.array(reference),
  byMake: z.array(z.object({ make: z.string(), count: z.number().int(), found: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

const tags = ['catalog', 'admin-api'];

/** The operator console's catalogue resources under /admin-api (ra-data-simple-rest's dialect). */
export const catalogAdminRoutes = {
  errorReports: adminResource('/admin-api/catalog-error-reports', {
    summary: 'Reportes de error en sustituciones (filter: q, id, reference, resolved, reporterKind)',
    tags,
    row: adminReportSchema,
    params: reportIdParamsSchema,
    read: CATALOG_ADMIN_READ,
    write: CATALOG_ADMIN_WRITE,
    update: { body: adminReportUpdateSchema, summary: 'Marcar un reporte como resuelto ({ resolved: true }) o pendiente' },
  }),
  searchAnalytics: adminResource('/admin-api/search-analytics', {
    summary:
      'Búsquedas del catálogo (filter: id, kind, found, personKind, catalogCode, make, q, from, to); GET /summary o /summary-<días>: datos del tablero',
    tags,
    row: z.union([adminSearchSchema, analyticsSummarySchema]),
    params: analyticsIdParamsSchema,
    read: CATALOG_ADMIN_READ,
    write: CATALOG_ADMIN_WRITE,
  }),
};
