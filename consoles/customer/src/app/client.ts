import type { RouteContract, RouteRequest, RouteResponse } from '@tuerca/contracts';
import { ApiError } from './api';

/**
 * The typed client of the route contracts: `callRoute(cartRoutes.makePurchase, { body })` sends what the
 * contract takes and answers what it says it answers — the same contract the service is bound to, so a
 * response is never typed by hand in a component.
 */

type Scalar = string | number | boolean | null | undefined;

/** `:id` segments filled from `params` (encoded). */
export function routePath(route: Pick<RouteContract, 'path'>, params?: Record<string, Scalar>): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Query string of a request: objects (the spec's `filter`) as JSON, arrays repeated, empty values left out. */
export function queryString(query?: Record<string, unknown>): string {
  if (!query) return '';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retried or doubled submit is answered like the first. */
  idempotencyKey?: string;
}

export async function callRoute<T extends RouteContract>(
  route: T,
  request: Partial<RouteRequest<T>> = {},
  options: CallOptions = {},
): Promise<RouteResponse<T>> {
  const url = `${routePath(route, request.params as Record<string, Scalar> | undefined)}${queryString(request.query as Record<string, unknown> | undefined)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      credentials: 'same-origin',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error', []);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const e = (json ?? {}) as { message?: string; errors?: unknown; details?: unknown };
    const errors = Array.isArray(e.errors) ? e.errors.map(String) : [];
    throw new ApiError(res.status, typeof e.message === 'string' ? e.message : res.statusText, errors, e.details);
  }
  return json as RouteResponse<T>;
}
