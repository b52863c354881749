import { newId } from './ids';
/** The console's HTTP client: same-origin /api calls with the visitor cookie, the platform's envelope. */
export interface Envelope<T, M = Record<string, unknown>> {
  data: T;
  metadata: M;
}

/** An error answer: `code` is the stable English message ('Login required'), `errors` the Spanish texts. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errors: string[],
    readonly details?: unknown,
  ) {
    super(errors[0] ?? code);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retried or doubled submit is answered like the first. */
  idempotencyKey?: string;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

async function request<T, M>(
  method: string,
  path: string,
  body?: unknown,
  query?: Query,
  options: RequestOptions = {},
): Promise<Envelope<T, M>> {
  let res: Response;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    res = await fetch(withQuery(`/api${path}`, query), {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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
  const env = (json ?? {}) as Partial<Envelope<T, M>>;
  const total = res.headers.get('x-total-count');
  const metadata = (env.metadata ?? {}) as M & { total?: number };
  if (total !== null && (metadata as { total?: number }).total === undefined) (metadata as { total?: number }).total = Number(total);
  return { data: env.data as T, metadata };
}

/**
 * Calls of routes whose contract has not moved to `contracts` yet (the typed client `callRoute` takes over
 * route by route). Writes carry a fresh `Idempotency-Key` unless the caller gives one.
 */
export const api = {
  get: <T, M = Record<string, unknown>>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T, M>('GET', path, undefined, query, { signal }),
  post: <T, M = Record<string, unknown>>(path: string, body: unknown = {}, options: RequestOptions = {}) =>
    request<T, M>('POST', path, body, undefined, { idempotencyKey: newId(), ...options }),
  patch: <T, M = Record<string, unknown>>(path: string, body: unknown = {}, options: RequestOptions = {}) =>
    request<T, M>('PATCH', path, body, undefined, { idempotencyKey: newId(), ...options }),
  del: <T, M = Record<string, unknown>>(path: string, options: RequestOptions = {}) =>
    request<T, M>('DELETE', path, undefined, undefined, { idempotencyKey: newId(), ...options }),
};

/** The Spanish text of an error for a person, with a fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.errors.length > 0) return err.errors.join(' ');
  return fallback;
}

export const isLoginRequired = (err: unknown) => err instanceof ApiError && err.code === 'Login required';
export const isExhausted = (err: unknown) => err instanceof ApiError && err.status === 401 && err.code.startsWith('Exhausted');
