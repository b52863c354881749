import { z } from 'zod';
import './zod-es.js';

/** Success body of every /api call: `{ data, metadata }`. */
export function successSchema<T extends z.ZodType, M extends z.ZodType = z.ZodRecord<z.ZodString, z.ZodUnknown>>(data: T, metadata?: M) {
  // The metadata's own type when the route states it, so typed clients read it without casts.
  return z.object({ data, metadata: (metadata ?? z.record(z.string(), z.unknown())) as M });
}

export interface Success<T, M extends Record<string, unknown> = Record<string, unknown>> {
  data: T;
  metadata: M;
}

/**
 * Error body: `message` is the stable English code programs switch on ('Login required',
 * 'Exhausted catalog inquiries', ...); `errors` are the Spanish texts a person reads.
 */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.string()),
  /** Field-level detail for forms: the dotted path of the input and its Spanish text. */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

/** A JSON object given as a query-string value (`filter={"name":"x"}`). */
export const jsonObjectParam = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return {} as Record<string, unknown>;
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message: 'Formato JSON inválido' });
    return z.NEVER;
  });

/** A list of names given as a comma-separated value or repeated parameter (`scopes`, `getters`). */
export const nameListParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)));

/** The spec's list query: `filter` (JSON), zero-based `page`, `pageSize` (default 20). */
export const listQuerySchema = z.object({
  filter: jsonObjectParam,
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  scopes: nameListParam,
  getters: nameListParam,
  relations: nameListParam,
  attributes: nameListParam,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The answer of a spec list (`Page`): `{ data: [...], metadata: { total, page, pageSize, ... } }`. */
export function pageSchema<T extends z.ZodType>(item: T, extra: z.ZodRawShape = {}) {
  return z.object({
    data: z.array(item),
    metadata: z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), ...extra }),
  });
}

export interface ListMetadata {
  total: number;
  page: number;
  pageSize: number;
  [key: string]: unknown;
}

/** The farthest row an operator list pages to (`range`): beyond any table's size, far below bigint's. */
export const MAX_ADMIN_OFFSET = 1_000_000_000;

/** ra-data-simple-rest's dialect for /admin-api: `sort=["field","ASC"]`, `range=[0,24]`, `filter={}`. */
export const adminListQuerySchema = z.object({
  sort: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        const parsed = JSON.parse(v) as unknown;
        if (Array.isArray(parsed) && typeof parsed[0] === 'string' && (parsed[1] === 'ASC' || parsed[1] === 'DESC'))
          return { field: parsed[0], order: parsed[1] as 'ASC' | 'DESC' };
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'Formato JSON inválido' });
      return z.NEVER;
    }),
  range: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return { start: 0, end: DEFAULT_PAGE_SIZE - 1 };
      try {
        const parsed = JSON.parse(v) as unknown;
        if (
          Array.isArray(parsed) &&
          // Safe integers within a page a database can skip to (1e300 is an "integer" too, and overflows bigint).
          Number.isSafeInteger(parsed[0]) &&
          Number.isSafeInteger(parsed[1]) &&
          parsed[1] <= MAX_ADMIN_OFFSET &&
          parsed[0] >= 0 &&
          parsed[1] >= parsed[0] &&
          parsed[1] - parsed[0] < 1000
        )
          return { start: parsed[0] as number, end: parsed[1] as number };
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'Formato JSON inválido' });
      return z.NEVER;
    }),
  filter: jsonObjectParam,
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;
