import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messageKeyOf, type RouteContract } from '@tuerca/contracts';
import { ApiRoutes } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { CONTEXT_ENTRIES } from '@tuerca/app';

/**
 * "Bad input gets a clear error, never a 500": every route every context registers is called with
 * malformed bodies, queries and path parameters, as a guest, a customer and an operator.
 */
describe('bad input to every endpoint', () => {
  let t: TestHttpApp;
  let routes: readonly RouteContract[];
  const clients: Record<string, TestClient> = {};

  beforeAll(async () => {
    t = await startTestHttpApp(CONTEXT_ENTRIES.map((e) => e.module));
    await seedIdentity(t.db('identity'));
    routes = t.app.get(ApiRoutes).all();
    clients.guest = new TestClient(t.url);
    for (const [who, email] of [
      ['customer', 'cliente@tuerca.demo'],
      ['operator', 'operador@tuerca.demo'],
    ] as const) {
      clients[who] = new TestClient(t.url);
      const res = await clients[who].post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  // NUL bytes, huge, negative and unsafe numbers, deep and broken JSON, operators' injection shapes.
  const badValues = [
    '{"',
    '[]',
    '-1',
    'x'.repeat(3000),
    '\u0000',
    'a\u0000b',
    'null',
    '1e309',
    '1e300',
    '-1e300',
    '9007199254740993',
    '[1e300,1e300]',
    '[-5,-1]',
    '{"$where":"1"}',
  ];
  const DEEP = '['.repeat(5000) + ']'.repeat(5000);
  const DEEP_OBJECT = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);

  function shapeOf(schema: unknown): Record<string, unknown> | null {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    return shape && typeof shape === 'object' ? shape : null;
  }

  /** Bodies built from the route's own fields: every field a NUL string, a huge number, a negative one, a deep array. */
  function fieldBodies(route: RouteContract): unknown[] {
    const keys = Object.keys(shapeOf(route.body) ?? {});
    if (keys.length === 0) return [];
    const each = (v: unknown) => Object.fromEntries(keys.map((k) => [k, v]));
    return [each('a\u0000b'), each(1e300), each(-1e300), each(Number.MAX_SAFE_INTEGER + 2), each('\u0000'), each([[[[[[['x']]]]]]])];
  }

  const badBodies: unknown[] = [
    '{"broken":',
    '[]',
    'null',
    '"texto"',
    {},
    { id: { $gt: '' } },
    Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, [i]])),
    DEEP,
    DEEP_OBJECT,
    '{"a":"\\u0000"}',
  ];

  function pathWith(route: RouteContract, value: string): string {
    return route.path.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value));
  }

  function queryKeys(route: RouteContract): string[] {
    const shape = shapeOf(route.query);
    return shape ? [...new Set([...Object.keys(shape), 'range', 'page'])] : ['filter', 'page', 'pageSize', 'range'];
  }

  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses each 5xx cause of the review at its cause, in Spanish (#20 finding 8)', async () => {
    const op = clients.operator!;
    const errorsOf = (res: { body: unknown }) => (res.body as { errors: string[] }).errors;
    // A NUL byte in the query, the path or a body field never reaches PostgreSQL.
    const nulQuery = await op.get('/api/catalogo/products?search=freno%00');
    expect([nulQuery.status, errorsOf(nulQuery)]).toEqual([400, ['Los textos no pueden contener caracteres nulos.']]);
    const nulBody = await clients.customer!.post('/api/users/auth/login', { email: 'a\u0000@b.co', password: 'x' });
    expect([nulBody.status, errorsOf(nulBody)]).toEqual([400, ['Los textos no pueden contener caracteres nulos.']]);
    // range=[1e300,1e300] is an "integer" to JSON, and overflowed bigint.
    const range = await op.get(`/admin-api/users?range=${encodeURIComponent('[1e300,1e300]')}`);
    expect(range.status).toBe(400);
    // A 5,000-level body is refused before it is built.
    const deep = await op.post('/api/users/auth/login', DEEP_OBJECT);
    expect([deep.status, errorsOf(deep)]).toEqual([400, ['Los datos enviados anidan demasiados niveles (máximo 64).']]);
    // JSON routes take JSON only.
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const form = await clients.guest!.post('/api/users/auth/login', 'email=a%40b.co&password=x', { 'content-type': type });
      expect([form.status, errorsOf(form)]).toEqual([415, ['Envía los datos en formato JSON.']]);
    }
  });

  it('never answers 500, and every 400 explains itself in Spanish', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (who: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      sent++;
      const res = await clients[who]!.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : body, headers);
      if (res.status >= 500)
        failures.push(`${who} ${method} ${path.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status === 400 || res.status === 415) {
        const errors = (res.body as { errors?: string[] })?.errors;
        // Spanish means a message of the catalogue (contracts/src/messages/es.ts), its placeholders filled.
        if (!Array.isArray(errors) || errors.length === 0 || !errors.every((e) => typeof e === 'string' && messageKeyOf(e) !== undefined))
          failures.push(
            `${who} ${method} ${path.slice(0, 120)} → ${res.status} with an error outside the message catalogue: ${JSON.stringify(res.body).slice(0, 200)}`,
          );
      }
    };
    for (const route of routes) {
      const writes = route.method !== 'GET' && route.method !== 'DELETE';
      for (const who of Object.keys(clients)) {
        for (const v of badValues.slice(0, 7)) await check(who, route.method, pathWith(route, v), {});
        const base = pathWith(route, 'abc');
        for (const key of queryKeys(route)) {
          for (const v of badValues) await check(who, route.method, `${base}?${key}=${encodeURIComponent(v)}`, {});
        }
        if (writes) {
          for (const body of [...badBodies, ...fieldBodies(route)]) await check(who, route.method, base, body);
          // Wrong content types: a form, plain text, XML.
          await check(who, route.method, base, 'a=1&b=%00', { 'content-type': 'application/x-www-form-urlencoded' });
          await check(who, route.method, base, 'texto', { 'content-type': 'text/plain' });
          await check(who, route.method, base, '<a/>', { 'content-type': 'application/xml' });
          // Concurrent duplicates (a double click, a retried request): six at once, each answered like the first.
          for (const body of [{}, ...fieldBodies(route).slice(0, 1)])
            await Promise.all(Array.from({ length: 6 }, () => check(who, route.method, base, body)));
        }
      }
    }
    console.log(
      `bad-input sweep: ${sent} requests to ${routes.length} routes as ${Object.keys(clients).length} roles, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    // #20: the sweep is strong enough only if it sends at least 10,000 requests.
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 900000);
});
