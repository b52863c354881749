import { z } from 'zod';
import '../http/zod-es.js';
import { adminIdsFilterSchema, adminResource } from '../http/admin-routes.js';
import { ANALYTICS_ACCESS, SEARCH_KINDS, checkDayRange } from './analytics.routes.js';

const uuid = z.uuid({ error: 'Valor inválido' });
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const day = z.iso.date({ error: 'Fecha inválida' });

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
  /** The VIN, frame, part number or text searched; '' for a plate lookup (the plate is never kept: DESIGN §5). */
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
  /** One row per day (oldest first), a column per kind (catalogue, plate and marketplace searches): ready for a stacked chart. */
  perDay: z.array(
    z.object({
      day: z.string(),
      vin: z.number().int(),
      frame: z.number().int(),
      oem: z.number().int(),
      substitutions: z.number().int(),
      plate: z.number().int(),
      text: z.number().int(),
      reference: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** The part numbers and texts searched most. */
  topReferences: z.array(reference),
  /** The not-found demand: part numbers and texts searched that found nothing. */
  notFound: z.array(reference),
  byMake: z.array(z.object({ make: z.string(), count: z.number().int(), found: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** The operator console's analytics resource under /admin-api (ra-data-simple-rest's dialect), read only. */
export const analyticsAdminRoutes = {
  searchAnalytics: adminResource('/admin-api/search-analytics', {
    summary:
      'Búsquedas del catálogo, de placas y de productos (filter: id, kind, found, personKind, catalogCode, make, q, from, to); GET /summary o /summary-<días>: datos del tablero',
    tags: ['analytics', 'admin-api'],
    row: z.union([adminSearchSchema, analyticsSummarySchema]),
    params: analyticsIdParamsSchema,
    read: ANALYTICS_ACCESS,
    write: ['operator'],
  }),
};
