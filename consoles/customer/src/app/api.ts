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

type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

async function request<T, M>(method: string, path: string, body?: unknown, query?: Query, signal?: AbortSignal): Promise<Envelope<T, M>> {
  let res: Response;
  try {
    res = await fetch(withQuery(`/api${path}`, query), {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
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

export const api = {
  get: <T, M = Record<string, unknown>>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T, M>('GET', path, undefined, query, signal),
  post: <T, M = Record<string, unknown>>(path: string, body: unknown = {}) => request<T, M>('POST', path, body),
  patch: <T, M = Record<string, unknown>>(path: string, body: unknown = {}) => request<T, M>('PATCH', path, body),
  del: <T, M = Record<string, unknown>>(path: string) => request<T, M>('DELETE', path),
};

/** The Spanish text of an error for a person, with a fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.errors.length > 0) return err.errors.join(' ');
  return fallback;
}

export const isLoginRequired = (err: unknown) => err instanceof ApiError && err.code === 'Login required';
export const isExhausted = (err: unknown) => err instanceof ApiError && err.status === 401 && err.code.startsWith('Exhausted');
