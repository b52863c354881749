import { z } from 'zod';
import { adminResource, routesOf, t, type AdminListQuery, type AdminResourceOptions, type RouteContract } from '@tuerca/contracts';
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

export { adminIdsFilterSchema } from '@tuerca/contracts';

/** The ids of a getMany (`filter={"id":[...]}`), one or many. */
export function idsOf(id: string | string[] | undefined): string[] | undefined {
  return id === undefined ? undefined : Array.isArray(id) ? id : [id];
}

/** A PostgreSQL array literal of texts, for `= any(?::text[])` with raw SQL. */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * The route contracts of one /admin-api resource as a list. Kept while contexts move their routes into
 * `contracts` (where `adminResource` gives each route a name a controller binds to).
 */
export function adminResourceRoutes(path: string, o: AdminResourceOptions<z.ZodType, z.ZodType>): RouteContract[] {
  return routesOf(adminResource(path, o));
}
