import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One HTTP call of the product: its path (the spec's, under /api), what it takes and what it answers.
 * Controllers parse with these schemas and the OpenAPI document at /api/docs is generated from them,
 * so the contract lives in one place.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Who may call it: 'public' (guests too), 'user' (logged in) or a list of roles. */
  access: 'public' | 'user' | readonly string[];
  errors?: readonly number[];
}

export function defineRoute<T extends RouteContract>(route: T): T {
  return route;
}
