import type { ErrorBody, RouteContract } from '@tuerca/contracts';
import { DomainError, ServiceUnavailableError } from './domain-error.js';

export interface InternalCallOptions {
  /** The offering context, for logs and the 503 it causes. */
  context: string;
  baseUrl: string;
  token: string;
  timeoutMs: number;
}

/**
 * Calls another context's internal route (service to service, `x-internal-token`) by its contract. The
 * other context's rule errors come back as the same DomainError (status, code, Spanish texts); when it
 * cannot be reached, does not answer within the timeout or fails (5xx), the caller gets a
 * ServiceUnavailableError — 503 'servicio intermitente' to the person, transient to a consumer.
 */
export async function callInternalRoute<T>(
  route: RouteContract,
  input: { params?: Record<string, string>; body?: unknown },
  options: InternalCallOptions,
): Promise<T> {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  let res: Response;
  try {
    res = await fetch(`${options.baseUrl.replace(/\/$/, '')}${path}`, {
      method: route.method,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-internal-token': options.token },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new ServiceUnavailableError(options.context, { cause: err });
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch (err) {
    throw new ServiceUnavailableError(options.context, { cause: err });
  }
  if (res.ok) return json as T;
  if (res.status >= 500)
    throw new ServiceUnavailableError(options.context, { cause: new Error(`${options.context} answered ${res.status}`) });
  const body = json as Partial<ErrorBody>;
  throw new DomainError(body.statusCode ?? res.status, body.message ?? 'Error', body.errors ?? []);
}
