import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RouteContract } from '@tuerca/contracts';
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

  const badValues = ['{"', '[]', '-1', 'x'.repeat(3000), '%00', 'null', '1e309', '{"$where":"1"}'];
  const badBodies: unknown[] = [
    '{"broken":',
    '[]',
    'null',
    '"texto"',
    {},
    { id: { $gt: '' } },
    Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, [i]])),
  ];

  function pathWith(route: RouteContract, value: string): string {
    return route.path.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value));
  }

  function queryKeys(route: RouteContract): string[] {
    const shape = (route.query as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
    return shape ? Object.keys(shape) : ['filter', 'page', 'pageSize'];
  }

  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('never answers 500, and every 400 explains itself in Spanish', async () => {
    const failures: string[] = [];
    const check = async (who: string, method: string, path: string, body?: unknown) => {
      const res = await clients[who]!.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : body);
      if (res.status >= 500)
        failures.push(`${who} ${method} ${path.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status === 400) {
        const errors = (res.body as { errors?: string[] })?.errors;
        if (!Array.isArray(errors) || errors.length === 0 || !errors.every((e) => typeof e === 'string' && /[a-záéíóúñ]/i.test(e)))
          failures.push(`${who} ${method} ${path.slice(0, 120)} → 400 without Spanish errors: ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    };
    for (const route of routes) {
      for (const who of Object.keys(clients)) {
        for (const v of badValues.slice(0, 4)) await check(who, route.method, pathWith(route, v), {});
        const base = pathWith(route, 'abc');
        for (const key of queryKeys(route)) {
          for (const v of badValues) await check(who, route.method, `${base}?${key}=${encodeURIComponent(v)}`, {});
        }
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          for (const body of badBodies) await check(who, route.method, base, body);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300000);
});
