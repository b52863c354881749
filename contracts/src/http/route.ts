import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a route answers when it is not the JSON envelope: a file, a page, a redirect. */
export type RouteProduces =
  | 'application/json'
  | 'text/html'
  | 'text/plain'
  | 'text/csv'
  | 'application/pdf'
  | 'application/xml'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'image/svg+xml'
  | 'image/webp'
  /** An image whose type is one of several (an uploaded JPEG, PNG or WebP). */
  | 'image/*'
  | 'redirect';

/**
 * One HTTP call of the product, defined once: its path (the spec's, under /api), who may call it, what it
 * takes and what it answers. The controller is bound from it (`@Bind(route)` in the platform applies the
 * method, the path, the access rule and the zod parsing), the OpenAPI document at /api/docs and the
 * consoles' typed client are generated from it, and a test checks every served route has one.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body answered with status `status` (JSON routes); tests validate every answer against it. */
  response?: z.ZodType;
  /** Not JSON: what the route sends instead (then `response` may be absent). */
  produces?: RouteProduces;
  /** Success status; 200 unless stated (201 for a creation the spec answers so, 204 for no content). */
  status?: 200 | 201 | 202 | 204 | 303;
  /** Who may call it: 'public' (guests too), 'user' (logged in) or a list of roles. */
  access: 'public' | 'user' | readonly string[];
  /** The body's encoding: JSON (default); 'form' for an HTML form posting to it. Any other is refused with 415. */
  consumes?: 'json' | 'form';
  errors?: readonly number[];
}

/** Keeps the literal types of a contract, so inputs and answers are typed where it is used. */
export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives once the contract has parsed the request. */
export interface RouteInput<T extends RouteContract> {
  params: Parsed<T['params']>;
  query: Parsed<T['query']>;
  body: Parsed<T['body']>;
}

/** What a client sends: the schemas' input types (before defaults and coercion). */
export interface RouteRequest<T extends RouteContract> {
  params: Sent<T['params']>;
  query: Sent<T['query']>;
  body: Sent<T['body']>;
}

/** The answer's type (the whole body: `{ data, metadata }` for /api, the bare record or array for /admin-api). */
export type RouteResponse<T extends RouteContract> = T['response'] extends z.ZodType ? z.output<T['response']> : unknown;

/** A route's identity in lists and tests: `GET /api/...`. */
export function routeKey(route: Pick<RouteContract, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
