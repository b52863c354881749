import { z } from 'zod';
import { adminListQuerySchema, defineRoute, t, type AdminListQuery, type RouteContract } from '@tuerca/contracts';
import { DomainError, ValidationError } from './domain-error.js';

/** Headers a browser on another origin may read from an /admin-api list (ra-data-simple-rest needs Content-Range). */
export const ADMIN_EXPOSED_HEADERS = 'Content-Range, X-Total-Count';

/** 405 for what a resource of the operator console does not allow (deleting a report, creating a metric, ...). */
export class MethodNotAllowedError extends DomainError {
  constructor(message: string = t('adminConsole.methodNotAllowed')) {
    super(405, 'Method not allowed', [message]);
  }
}

/**
 * `ORDER BY` of an /admin-api list from ra-data-simple-rest's `sort`: only whitelisted fields, each mapped
 * to its SQL expression; `id` is always the tie-breaker so pages never overlap. An unknown field is a 400.
 */
export function adminOrderBy(
  sort: AdminListQuery['sort'],
  columns: Readonly<Record<string, string>>,
  fallback: { field: string; order: 'ASC' | 'DESC' },
  idColumn = 'id',
): string {
  const { field, order } = sort ?? fallback;
  const column = Object.prototype.hasOwnProperty.call(columns, field) ? columns[field] : undefined;
  if (!column)
    throw new ValidationError(
      [t('adminConsole.sortNotAllowed', { field: field.slice(0, 60) })],
      [{ path: 'sort', message: t('adminConsole.sortNotAllowed', { field: field.slice(0, 60) }) }],
    );
  const direction = order === 'DESC' ? 'desc' : 'asc';
  return column === idColumn ? `${column} ${direction}` : `${column} ${direction} nulls last, ${idColumn} ${direction}`;
}

/**
 * Limit and offset of an /admin-api list. ra-data-simple-rest's getMany sends `filter={"id":[...]}` and no
 * range: every id asked for is answered, whatever the default range would cut.
 */
export function adminWindow(query: Pick<AdminListQuery, 'range'>, ids?: readonly unknown[]): { limit: number; offset: number } {
  if (ids) return { limit: Math.max(ids.length, 1), offset: 0 };
  return { limit: query.range.end - query.range.start + 1, offset: query.range.start };
}

/** `filter.id` of a getMany: one id, or the list ra-data-simple-rest sends. */
export const adminIdsFilterSchema = z.union([z.string().max(100), z.array(z.string().max(100)).max(1000)]);

/** The ids of a getMany (`filter={"id":[...]}`), one or many. */
export function idsOf(id: string | string[] | undefined): string[] | undefined {
  return id === undefined ? undefined : Array.isArray(id) ? id : [id];
}

/** A PostgreSQL array literal of texts, for `= any(?::text[])` with raw SQL. */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

export interface AdminResourceOptions {
  summary: string;
  tags: string[];
  /** One record as the resource answers it. */
  row: z.ZodType;
  /** The `:id` parameter's schema. */
  params: z.ZodType;
  read: readonly string[];
  write: readonly string[];
  create?: { body: z.ZodType; summary: string };
  update?: { body: z.ZodType; summary: string };
  /** What DELETE does; absent: DELETE is refused with 405. */
  remove?: string;
}

/**
 * The route contracts of one /admin-api resource in ra-data-simple-rest's dialect: list and one, and
 * create, update and delete, each either what it does or its 405 refusal (documented too).
 */
export function adminResourceRoutes(path: string, o: AdminResourceOptions): RouteContract[] {
  const readErrors = [400, 401, 403, 404];
  const refused = { summary: 'No permitido (405)', access: o.write, errors: [401, 403, 405], tags: o.tags };
  const one = `${path}/:id`;
  return [
    defineRoute({
      method: 'GET',
      path,
      summary: `${o.summary} (sort, range, filter; total en Content-Range)`,
      tags: o.tags,
      query: adminListQuerySchema,
      response: z.array(o.row),
      access: o.read,
      errors: readErrors,
    }),
    defineRoute({
      method: 'GET',
      path: one,
      summary: o.summary,
      tags: o.tags,
      params: o.params,
      response: o.row,
      access: o.read,
      errors: readErrors,
    }),
    o.create
      ? defineRoute({ method: 'POST', path, ...o.create, tags: o.tags, response: o.row, access: o.write, errors: [400, 401, 403] })
      : defineRoute({ method: 'POST', path, ...refused }),
    o.update
      ? defineRoute({
          method: 'PUT',
          path: one,
          ...o.update,
          tags: o.tags,
          params: o.params,
          response: o.row,
          access: o.write,
          errors: readErrors,
        })
      : defineRoute({ method: 'PUT', path: one, params: o.params, ...refused }),
    o.remove
      ? defineRoute({
          method: 'DELETE',
          path: one,
          summary: o.remove,
          tags: o.tags,
          params: o.params,
          response: o.row,
          access: o.write,
          errors: readErrors,
        })
      : defineRoute({ method: 'DELETE', path: one, params: o.params, ...refused }),
  ];
}
