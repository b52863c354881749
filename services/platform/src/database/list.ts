import { sql, type ExpressionBuilder, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { t, type AdminListQuery, type ListQuery } from '@tuerca/contracts';
import { ValidationError } from '../http/domain-error.js';

/**
 * The one list helper of the house: whitelisted sort, a window (the spec's zero-based page and pageSize, or
 * ra-data-simple-rest's range), the total counted by the same filters, and LIKE patterns escaped. Every
 * list of every context goes through it instead of building its own WHERE, ORDER BY and LIMIT.
 */

/** `%text%` for LIKE/ILIKE with the wildcards of the person's text escaped (PostgreSQL's default escape is `\`). */
export function likePattern(text: string, where: 'contains' | 'prefix' = 'contains'): string {
  const escaped = text.replace(/[\\%_]/g, '\\$&');
  return where === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}

/** Any of `columns` contains `text`, case-insensitive: `where((eb) => containsAny(eb, ['title', 'email'], q))`. */
export function containsAny<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  text: string,
): Expression<SqlBool> {
  const pattern = likePattern(text);
  // The column names come from the caller's whitelist, never from the request.
  return eb.or(columns.map((c) => eb(sql.ref(c), 'ilike', pattern)));
}

export interface SortSpec {
  /** Field names a client may sort by, each mapped to its column (or `table.column`). */
  sortable: Readonly<Record<string, string>>;
  fallback: { field: string; order: 'ASC' | 'DESC' };
  /** The tie-breaker so pages never overlap; `id` unless stated. */
  idColumn?: string;
}

export interface Window {
  offset: number;
  limit: number;
}

/** The window of the spec's lists: zero-based `page`, `pageSize`. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'pageSize'>): Window {
  return { offset: query.page * query.pageSize, limit: query.pageSize };
}

/**
 * The window of an /admin-api list. ra-data-simple-rest's getMany sends `filter={"id":[...]}` and no range:
 * every id asked for is answered, whatever the default range would cut.
 */
export function rangeWindow(query: Pick<AdminListQuery, 'range'>, ids?: readonly unknown[]): Window {
  if (ids) return { limit: Math.max(ids.length, 1), offset: 0 };
  return { limit: query.range.end - query.range.start + 1, offset: query.range.start };
}

/** Resolves a requested sort against the whitelist; an unknown field is a 400 naming it. */
export function resolveSort(sort: { field: string; order: 'ASC' | 'DESC' } | undefined, spec: SortSpec) {
  const { field, order } = sort ?? spec.fallback;
  const column = Object.prototype.hasOwnProperty.call(spec.sortable, field) ? spec.sortable[field] : undefined;
  if (!column) {
    const message = t('adminConsole.sortNotAllowed', { field: field.slice(0, 60) });
    throw new ValidationError([message], [{ path: 'sort', message }]);
  }
  return { column, direction: order === 'DESC' ? ('desc' as const) : ('asc' as const), idColumn: spec.idColumn ?? 'id' };
}

/**
 * Runs a filtered select as one page: the rows in the requested order (ties broken by id) and the total of
 * the same filtered select. `base` carries the FROM, the joins, the WHERE and the selection.
 */
export async function listPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  window: Window,
  sort?: { sort: { field: string; order: 'ASC' | 'DESC' } | undefined; spec: SortSpec },
): Promise<{ rows: O[]; total: number; offset: number }> {
  let page = base;
  if (sort) {
    const { column, direction, idColumn } = resolveSort(sort.sort, sort.spec);
    page =
      column === idColumn
        ? page.orderBy(sql.ref(column), direction)
        : page.orderBy(sql`${sql.ref(column)} ${sql.raw(direction)} nulls last`).orderBy(sql.ref(idColumn), direction);
  }
  const [rows, count] = await Promise.all([
    page.limit(window.limit).offset(window.offset).execute(),
    base
      .clearSelect()
      .clearOrderBy()
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirst() as Promise<{ total: string } | undefined>,
  ]);
  return { rows, total: Number(count?.total ?? 0), offset: window.offset };
}
