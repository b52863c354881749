import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, seedCatalog } from '@tuerca/catalog';

const A = '/api/catalogo/analitycsCatalogV2Search';
const GENERAL = `${A}/getAnalyticsCatalogSearchGeneral`;
const UNKNOWN = 'ZZNOEXISTE999';

describe('catalogue search analytics (CatalogSearched → read model → operators)', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let operator: TestClient;
  let guest: TestClient;
  let oem: string;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule], {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    });
    const db = (schema: string) => t.db(schema);
    catalog = db('catalog');
    await seedIdentity(db('identity'));
    await seedCatalog(catalog, { seed: 2026, scale: 1 });
    operator = await login('operador@tuerca.demo');
    for (const [name, value] of [
      ['substitutionsFreeConsultationsWhitouthLogin', 100],
      ['substitutionsFreeConsultationsWithLoginWarning', 200],
      ['substitutionsFreeConsultationsWithLogin', 100],
    ] as const) {
      expect((await operator.request('PATCH', `/api/core/appParameters/${name}`, { value })).status).toBe(200);
    }
    guest = new TestClient(t.url);
    const [part] = await catalog.em().execute<{ oem_normalized: string }[]>(`select oem_normalized from parts order by part_id limit 1`);
    oem = part!.oem_normalized;
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBeLessThan(300);
    return c;
  }

  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

  async function recorded(): Promise<number> {
    const rows = await catalog.em().execute<{ n: string }[]>(`select count(*) as n from outbox_events where type = 'CatalogSearched'`);
    return Number(rows[0]!.n);
  }

  async function projected(): Promise<number> {
    const rows = await catalog.em().execute<{ n: string }[]>(`select count(*) as n from search_analytics_searches`);
    return Number(rows[0]!.n);
  }

  describe('with searches made by a guest', () => {
    beforeAll(async () => {
      expect((await guest.get(`/api/catalogo/catalogV2/findCatalogsByOem?${q({ oem })}`)).status).toBe(200);
      expect((await guest.get(`/api/catalogo/catalogV2/findCatalogsByOem?${q({ oem })}`)).status).toBe(200);
      expect((await guest.get(`/api/catalogo/catalogSubstitutions/getSubstitutions?${q({ reference: oem })}`)).status).toBeLessThan(500);
      expect((await guest.get(`/api/catalogo/catalogSubstitutions/getSubstitutions?${q({ reference: UNKNOWN })}`)).status).toBe(404);
      expect((await guest.get(`/api/catalogo/catalogV2/findCatalogsByOem?${q({ oem: UNKNOWN })}`)).status).toBe(404);
      const expected = await recorded();
      expect(expected).toBeGreaterThanOrEqual(5);
      await eventually(async () => (await projected()) === expected, 30000);
    }, 60000);

    it('stores one row per CatalogSearched, with its fields and the Bogotá day in the daily aggregate', async () => {
      const rows = await catalog
        .em()
        .execute<{ kind: string; query: string; person_kind: string; found: boolean }[]>(
          `select kind, query, person_kind, found from search_analytics_searches where query = ? order by occurred_at`,
          [UNKNOWN],
        );
      expect(rows).toEqual([
        { kind: 'substitutions', query: UNKNOWN, person_kind: 'guest', found: false },
        { kind: 'oem', query: UNKNOWN, person_kind: 'guest', found: false },
      ]);
      const [agg] = await catalog.em().execute<{ n: string }[]>(`select sum(count) as n from search_analytics_daily`);
      expect(Number(agg!.n)).toBe(await projected());
    });

    it('lists searches newest first, paged, with x-total-count', async () => {
      const total = await projected();
      const first = await operator.get(`${A}?${q({ page: 0, pageSize: 2 })}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-total-count')).toBe(String(total));
      expect(first.body.metadata).toMatchObject({ total, page: 0, pageSize: 2 });
      expect(first.body.data).toHaveLength(2);
      expect(first.body.data[0].occurredAt >= first.body.data[1].occurredAt).toBe(true);
      expect(first.body.data[0]).toMatchObject({ kind: 'oem', query: UNKNOWN, found: false, personKind: 'guest', resultCount: 0 });
      const second = await operator.get(`${A}?${q({ page: 1, pageSize: 2 })}`);
      expect(second.body.data).toHaveLength(2);
      expect(second.body.data[0].eventId).not.toBe(first.body.data[1].eventId);
      const defaults = await operator.get(A);
      expect(defaults.body.metadata).toMatchObject({ page: 0, pageSize: 20 });
    });

    it('filters by kind, found and text', async () => {
      const notFound = await operator.get(`${A}?${q({ filter: JSON.stringify({ found: false, q: 'zznoexiste' }) })}`);
      expect(notFound.status).toBe(200);
      expect(notFound.headers.get('x-total-count')).toBe('2');
      const oems = await operator.get(`${A}?${q({ filter: JSON.stringify({ kind: 'oem', q: oem, found: true }) })}`);
      expect(oems.headers.get('x-total-count')).toBe('2');
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
      const ranged = await operator.get(`${A}?${q({ filter: JSON.stringify({ from: today, to: today }) })}`);
      expect(ranged.headers.get('x-total-count')).toBe(String(await projected()));
      const past = await operator.get(`${A}?${q({ filter: JSON.stringify({ to: '2000-01-01' }) })}`);
      expect(past.headers.get('x-total-count')).toBe('0');
      expect(past.body.data).toEqual([]);
    });

    it('answers the general report: per day by kind, top references, not found, by catalogue', async () => {
      const res = await operator.get(`${GENERAL}?${q({ page: 0, perPage: 10 })}`);
      expect(res.status).toBe(200);
      const { perDay, topReferences, notFound, byCatalog } = res.body.data;
      const total = await projected();
      expect(perDay.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(total);
      const oemDay = perDay.find((d: { kind: string }) => d.kind === 'oem');
      expect(oemDay).toMatchObject({ count: 3, found: 2, notFound: 1 });
      expect(topReferences[0]).toMatchObject({ kind: 'oem', query: oem, count: 2 });
      expect(notFound.map((r: { query: string }) => r.query)).toContain(UNKNOWN);
      expect(notFound.every((r: { query: string }) => r.query !== oem || r.query === UNKNOWN)).toBe(true);
      expect(byCatalog.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBeLessThanOrEqual(total);
      expect(res.body.metadata).toMatchObject({ page: 0, perPage: 10, order: 'count' });

      const byName = await operator.get(
        `${GENERAL}?${q({ order: 'query', perPage: 1, page: 0, filter: JSON.stringify({ kind: 'oem' }) })}`,
      );
      expect(byName.status).toBe(200);
      expect(byName.body.data.topReferences).toHaveLength(1);
      expect(byName.body.metadata.totals.topReferences).toBe(2);
      const sorted = [oem, UNKNOWN].sort();
      expect(byName.body.data.topReferences[0].query).toBe(sorted[0]);
      const page2 = await operator.get(`${GENERAL}?${q({ order: 'query', perPage: 1, page: 1, filter: JSON.stringify({ kind: 'oem' }) })}`);
      expect(page2.body.data.topReferences[0].query).toBe(sorted[1]);
    });
  });

  it('is for operators and advisers only', async () => {
    expect((await new TestClient(t.url).get(A)).status).toBe(401);
    expect((await new TestClient(t.url).get(GENERAL)).status).toBe(401);
    const customer = await login('cliente@tuerca.demo');
    expect((await customer.get(A)).status).toBe(403);
    expect((await customer.get(GENERAL)).status).toBe(403);
  });

  it('rejects bad input with a 400 in Spanish', async () => {
    for (const path of [
      `${A}?filter=nojson`,
      `${A}?${q({ filter: JSON.stringify({ kind: 'plate' }) })}`,
      `${A}?${q({ filter: JSON.stringify({ found: 'sí' }) })}`,
      `${A}?${q({ filter: JSON.stringify({ from: 'ayer' }) })}`,
      `${A}?${q({ filter: JSON.stringify({ from: '2026-02-01', to: '2026-01-01' }) })}`,
      `${A}?${q({ filter: JSON.stringify({ color: 'rojo' }) })}`,
      `${A}?page=-1`,
      `${GENERAL}?order=azar`,
      `${GENERAL}?perPage=0`,
    ]) {
      const res = await operator.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const bad = await operator.get(`${A}?filter=nojson`);
    expect(bad.body.errors).toContain('Formato JSON inválido');
  });
});
