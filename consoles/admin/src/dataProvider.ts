import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, fetchUtils, type DataProvider, type RaRecord } from 'react-admin';
import { spanishError } from './session';

/**
 * The API's errors carry Spanish texts (`errors`) and, for forms, `details` (path → text): react-admin shows
 * the first as the notification and puts the second on the form's fields.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  headers.set('accept', 'application/json');
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const message = spanishError(err.body, err.message);
    const details = (err.body as { details?: { path: string; message: string }[] } | null)?.details ?? [];
    const fieldErrors = Object.fromEntries(details.filter((d) => d.path).map((d) => [d.path, d.message]));
    const body = Object.keys(fieldErrors).length > 0 ? { errors: { ...fieldErrors, root: { serverError: message } } } : {};
    throw new HttpError(message, err.status, body);
  }
}

export interface TuercaDataProvider extends DataProvider {
  /** POST /admin-api/<resource>/:id/retry (the notifications outbox: a failed message back to the queue). */
  retry(resource: string, params: { id: string | number }): Promise<{ data: RaRecord }>;
  /** POST /admin-api/dead-letters/:id/replay (asks the worker to apply the event again; idempotent). */
  replay(resource: string, params: { id: string | number }): Promise<{ data: RaRecord }>;
  /** POST /admin-api/dead-letters/replay {consumer_group}: every pending event of one group. */
  replayGroup(consumerGroup: string): Promise<{ data: { consumer_group: string; requested: number } }>;
}

/** ra-data-simple-rest against /admin-api (sort, range, filter; Content-Range), plus the console's own calls. */
export const dataProvider: TuercaDataProvider = {
  ...simpleRestProvider('/admin-api', httpClient),
  async retry(resource, { id }) {
    const { json } = await httpClient(`/admin-api/${resource}/${encodeURIComponent(String(id))}/retry`, { method: 'POST', body: '{}' });
    return { data: json as RaRecord };
  },
  async replay(resource, { id }) {
    const { json } = await httpClient(`/admin-api/${resource}/${encodeURIComponent(String(id))}/replay`, { method: 'POST', body: '{}' });
    return { data: json as RaRecord };
  },
  async replayGroup(consumerGroup) {
    const { json } = await httpClient('/admin-api/dead-letters/replay', {
      method: 'POST',
      body: JSON.stringify({ consumer_group: consumerGroup }),
    });
    return { data: json as { consumer_group: string; requested: number } };
  },
};
