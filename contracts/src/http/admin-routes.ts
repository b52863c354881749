import { z } from 'zod';
import { adminListQuerySchema } from './envelope.js';
import { defineRoute, type RouteContract } from './route.js';

/** `filter.id` of a getMany: one id, or the list ra-data-simple-rest sends. */
export const adminIdsFilterSchema = z.union([z.string().max(100), z.array(z.string().max(100)).max(1000)]);

export interface AdminResourceOptions<Row extends z.ZodType, Params extends z.ZodType> {
  summary: string;
  tags: readonly string[];
  /** One record as the resource answers it. */
  row: Row;
  /** The `:id` parameter's schema. */
  params: Params;
  read: readonly string[];
  write: readonly string[];
  create?: { body: z.ZodType; summary: string };
  update?: { body: z.ZodType; summary: string };
  /** What DELETE does; absent: DELETE is refused with 405 (and documented as refused). */
  remove?: string;
}

/**
 * The route contracts of one /admin-api resource in ra-data-simple-rest's dialect: list and one, and create,
 * update and delete, each either what it does or its 405 refusal. Each is a contract of its own, so a
 * controller binds each method to one (`@Bind(storesAdmin.list)`).
 */
export function adminResource<Row extends z.ZodType, Params extends z.ZodType>(path: string, o: AdminResourceOptions<Row, Params>) {
  const readErrors = [400, 401, 403, 404] as const;
  const refused = { summary: 'No permitido (405)', access: o.write, errors: [401, 403, 405], tags: o.tags, response: z.never() } as const;
  const one = `${path}/:id`;
  return {
    list: defineRoute({
      method: 'GET',
      path,
      summary: `${o.summary} (sort, range, filter; total en Content-Range)`,
      tags: o.tags,
      query: adminListQuerySchema,
      response: z.array(o.row),
      access: o.read,
      errors: readErrors,
    }),
    one: defineRoute({
      method: 'GET',
      path: one,
      summary: o.summary,
      tags: o.tags,
      params: o.params,
      response: o.row,
      access: o.read,
      errors: readErrors,
    }),
    create: o.create
      ? defineRoute({
          method: 'POST',
          path,
          ...o.create,
          tags: o.tags,
          response: o.row,
          access: o.write,
          errors: [400, 401, 403],
          status: 201,
        })
      : defineRoute({ method: 'POST', path, ...refused }),
    update: o.update
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
    remove: o.remove
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
  };
}

/** The contracts of a group of routes (an object of contracts, or nested groups), as one list. */
export function routesOf(group: Record<string, RouteContract | Record<string, RouteContract>>): RouteContract[] {
  return Object.values(group).flatMap((r) =>
    'method' in r && typeof r.method === 'string' ? [r as RouteContract] : routesOf(r as Record<string, RouteContract>),
  );
}
