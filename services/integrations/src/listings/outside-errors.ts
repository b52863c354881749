/**
 * How an outside service's answer is treated. Transient (429, 5xx, the network): retried with back-off.
 * Refused (any other 4xx): not retried, the listing shows the provider's reason. Unauthorized (401): the
 * store's token is refreshed once, then it is a refusal.
 */
export class OutsideServiceError extends Error {
  constructor(
    readonly provider: 'mercadolibre' | 'google_merchant',
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${provider} ${status}: ${detail}`);
    this.name = 'OutsideServiceError';
  }

  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  get unauthorized(): boolean {
    return this.status === 401;
  }
}

/** MercadoLibre's error body `{ message, error, status, cause: [{ code, message }] }`, Google's `{ error: { code, message, status } }`. */
export function detailOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const causes = Array.isArray(b.cause)
      ? (b.cause as { message?: string; code?: string }[]).map((c) => c.message ?? c.code).filter(Boolean)
      : [];
    if (b.error && typeof b.error === 'object') {
      const e = b.error as { message?: string; status?: string };
      return [e.status, e.message].filter(Boolean).join(': ') || fallback;
    }
    const parts = [typeof b.error === 'string' ? b.error : null, typeof b.message === 'string' ? b.message : null, ...causes];
    const text = parts.filter(Boolean).join(' — ');
    if (text) return text.slice(0, 500);
  }
  return fallback;
}

/** A JSON call with a time limit; a network failure or a timeout is a transient error (status 0). */
export async function callJson(
  provider: OutsideServiceError['provider'],
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  timeoutMs = 15_000,
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new OutsideServiceError(provider, 0, err instanceof Error ? err.message : String(err));
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) throw new OutsideServiceError(provider, res.status, detailOf(body, `HTTP ${res.status}`));
  return { status: res.status, body };
}
