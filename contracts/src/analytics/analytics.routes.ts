import { z } from 'zod';
import '../http/zod-es.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, jsonObjectParam, pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';

export const ANALYTICS_ACCESS = ['operator', 'adviser'] as const;

/** The catalogue's searches (CatalogSearched). */
export const CATALOG_SEARCH_KINDS = ['vin', 'frame', 'oem', 'substitutions'] as const;
/**
 * Every kind of search the analytics context counts: the catalogue's, plate lookups (garage's PlateLookedUp) and
 * the marketplace's text and part-number searches (ProductsSearched).
 */
export const SEARCH_KINDS = [...CATALOG_SEARCH_KINDS, 'plate', 'text', 'reference'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** Kinds whose query is a part number: the top lists and the not-found demand group them by reference. */
export const REFERENCE_KINDS = ['oem', 'substitutions', 'reference'] as const;
/** Kinds whose query the top lists and the not-found demand show (a plate lookup keeps no query: DESIGN §5). */
export const TERM_KINDS = [...REFERENCE_KINDS, 'text'] as const;
/** How the top lists of the general report are sorted. */
export const ANALYTICS_ORDERS = ['count', 'recent', 'query'] as const;

/** A calendar day (YYYY-MM-DD), read as a day in America/Bogota. */
const day = z.iso.date();

const filterFields = {
  kind: z.enum(SEARCH_KINDS).optional(),
  catalogCode: z.string().trim().min(1).max(64).optional(),
  from: day.optional(),
  to: day.optional(),
};

export const checkDayRange = (f: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (f.from && f.to && f.from > f.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fecha final debe ser igual o posterior a la inicial' });
};

export const searchesFilterSchema = z
  .strictObject({ ...filterFields, found: z.boolean().optional(), q: z.string().trim().min(1).max(200).optional() })
  .superRefine(checkDayRange);
export type SearchesFilter = z.infer<typeof searchesFilterSchema>;

export const generalFilterSchema = z.strictObject(filterFields).superRefine(checkDayRange);
export type GeneralFilter = z.infer<typeof generalFilterSchema>;

const page = z.coerce.number().int().min(0).default(0);
const size = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);

export const searchesQuerySchema = z.object({ filter: jsonObjectParam.pipe(searchesFilterSchema), page, pageSize: size });
export type SearchesQuery = z.infer<typeof searchesQuerySchema>;

export const generalQuerySchema = z.object({
  filter: jsonObjectParam.pipe(generalFilterSchema),
  page,
  perPage: size,
  order: z.enum(ANALYTICS_ORDERS).default('count'),
});
export type GeneralQuery = z.infer<typeof generalQuerySchema>;

export const searchRowSchema = z.object({
  eventId: z.string(),
  occurredAt: z.string(),
  kind: z.enum(SEARCH_KINDS),
  query: z.string(),
  personKind: z.enum(['guest', 'user']),
  catalogCode: z.string().nullable(),
  found: z.boolean(),
  resultCount: z.number().int(),
  latencyMs: z.number().int(),
});
export type SearchRow = z.infer<typeof searchRowSchema>;

export const searchReferenceSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  query: z.string(),
  count: z.number().int(),
  lastSearchedAt: z.string(),
});
export type ReferenceRow = z.infer<typeof searchReferenceSchema>;

export const generalReportSchema = z.object({
  perDay: z.array(
    z.object({
      day: z.string(),
      kind: z.enum(SEARCH_KINDS),
      count: z.number().int(),
      found: z.number().int(),
      notFound: z.number().int(),
      avgLatencyMs: z.number(),
    }),
  ),
  topReferences: z.array(searchReferenceSchema),
  notFound: z.array(searchReferenceSchema),
  byCatalog: z.array(z.object({ catalogCode: z.string(), count: z.number().int(), found: z.number().int(), avgLatencyMs: z.number() })),
});
export type GeneralReport = z.infer<typeof generalReportSchema>;

const PATH = '/api/catalogo/analitycsCatalogV2Search';
const tags = ['analytics'];

/**
 * Search analytics for operators and advisers (spec 001 §7: analitycsCatalogV2Search), served by the analytics
 * context from its read model: every kind of search, filtered by `kind`.
 */
export const analyticsRoutes = {
  searches: defineRoute({
    method: 'GET',
    path: PATH,
    summary:
      'Búsquedas (catálogo, placas y productos), de la más reciente a la más antigua (filter: kind, found, catalogCode, from, to, q)',
    tags,
    query: searchesQuerySchema,
    response: pageSchema(searchRowSchema),
    access: ANALYTICS_ACCESS,
    errors: [400, 401, 403],
  }),
  general: defineRoute({
    method: 'GET',
    path: `${PATH}/getAnalyticsCatalogSearchGeneral`,
    summary: 'Resumen de búsquedas: por día y tipo, términos más buscados, términos no encontrados y búsquedas por catálogo',
    tags,
    query: generalQuerySchema,
    response: successSchema(
      generalReportSchema,
      z.object({
        page: z.number().int(),
        perPage: z.number().int(),
        order: z.enum(ANALYTICS_ORDERS),
        totals: z.object({ topReferences: z.number().int(), notFound: z.number().int() }),
      }),
    ),
    access: ANALYTICS_ACCESS,
    errors: [400, 401, 403],
  }),
};
