import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PlateLookedUp, PlateLookedUpV2 } from '@tuerca/contracts';
import { recordEvent, type ContextDatabase } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, SearchRecorder, DROP_SEARCH_ANALYTICS_SQL, RECORD_SEARCH_HISTORY_SQL, seedCatalog } from '@tuerca/catalog';
import { MarketplaceModule } from '@tuerca/marketplace';
import { AnalyticsModule } from '@tuerca/analytics';

const A = '/api/catalogo/analitycsCatalogV2Search';
const GENERAL = `${A}/getAnalyticsCatalogSearchGeneral`;
const ADMIN = '/admin-api/search-analytics';
const UNKNOWN = 'ZZNOEXISTE999';
const TEXT = 'amortiguador trasero inexistente';
const NO_REF = 'ZZREF000404';

type Row = Record<string, any>;

/**
 * issue 23: every context's search events in (the catalogue's and the marketplace's searches made over HTTP, garage's
 * plate lookups recorded as garage records them) → the analytics read model → the spec's analytics routes and the
 * operator dashboard's resource. Also the move of the catalogue's former tables (re-recorded as CatalogSearched).
 */
describe('analytics: searches of every context → read model → analysts and the dashboard', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let analytics: ContextDatabase;
  let operator: TestClient;
  let guest: TestClient;
  let oem: string;
  let brand: { code: string; brand: string };
  let plateMark: number;

  const sql = <T = Row>(db: ContextDatabase, q: string, params: unknown[] = []) => db.em().execute<T[]>(q, params);
  const count = async (q: string, params: unknown[] = []) => Number((await sql<{ n: string }>(analytics, q, params))[0]!.n);
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const today = () => new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);

  /** Searches waiting in the outboxes of the contexts running here (a ProductsSearched v2 carries several), and rows of the read model. */
  const SEARCHES_IN_OUTBOX = `select coalesce(sum(case when type = 'ProductsSearched' and version = 2
      then jsonb_array_length(envelope -> 'payload' -> 'searches') else 1 end), 0) as n
    from outbox_events where type in ('CatalogSearched', 'ProductsSearched', 'PlateLookedUp')`;
  async function recorded(): Promise<number> {
    const n = async (db: ContextDatabase) => Number((await sql<{ n: string }>(db, SEARCHES_IN_OUTBOX))[0]!.n);
    return (await n(catalog)) + (await n(t.db('marketplace')));
  }
  const projected = () => count(`select count(*) as n from searches`);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule, MarketplaceModule, AnalyticsModule], {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    });
    catalog = t.db('catalog');
    analytics = t.db('analytics');
    await seedIdentity(t.db('identity'));
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
    const [part] = await sql<{ oem_normalized: string }>(catalog, `select oem_normalized from parts order by part_id limit 1`);
    oem = part!.oem_normalized;
    [brand] = (await sql<{ code: string; brand: string }>(catalog, `select code, brand from catalogs order by code limit 1`)) as [
      { code: string; brand: string },
    ];

    // The catalogue: two OEM searches found, one not; substitutions of a known and an unknown reference.
    expect((await guest.get(`/api/catalogo/catalogV2/findCatalogsByOem?${q({ oem })}`)).status).toBe(200);
    expect((await guest.get(`/api/catalogo/catalogV2/findCatalogsByOem?${q({ oem })}`)).status).toBe(200);
    expect((await guest.get(`/api/catalogo/catalogSubstitutions/getSubstitutions?${q({ reference: oem })}`)).status).toBeLessThan(500);
    expect((await guest.get(`/api/catalogo/catalogSubstitutions/getSubstitutions?${q({ reference: UNKNOWN })}`)).status).toBe(404);
    expect((await guest.get(`/api/catalogo/catalogV2/findCatalogsByOem?${q({ oem: UNKNOWN })}`)).status).toBe(404);
    // The marketplace (no seller has anything yet): a text search and a part-number search, both unmet demand;
    // the second page of the text search is not another search.
    expect(
      (await guest.get(`/api/catalogo/products?${q({ filter: JSON.stringify({ search: `  Amortiguador  TRASERO inexistente ` }) })}`))
        .status,
    ).toBe(200);
    expect((await guest.get(`/api/catalogo/products?${q({ page: 1, filter: JSON.stringify({ search: TEXT }) })}`)).status).toBe(200);
    expect((await guest.get(`/api/catalogo/products/searchProductByReference?${q({ reference: NO_REF })}`)).status).toBe(200);
    // Garage's plate lookups, recorded as its LookupPlate handler records them (garage does not run in this app):
    // one found (v2, the make only), one not, and an older v1 entry that still carried the plate.
    plateMark = await count(`select count(*) as n from searches where kind = 'plate'`);
    await catalog.transactional(async (em) => {
      const actor = { kind: 'guest', id: 'g-plates' } as const;
      recordEvent(
        em,
        PlateLookedUpV2,
        { country: 'CO', found: true, personKind: 'user', make: 'MAZDA', latencyMs: 40 },
        { aggregateId: 'plate-lookup:1', actor },
      );
      recordEvent(
        em,
        PlateLookedUpV2,
        { country: 'MX', found: false, personKind: 'guest', make: null, latencyMs: 20 },
        { aggregateId: 'plate-lookup:2', actor },
      );
      recordEvent(
        em,
        PlateLookedUp,
        { licensePlate: 'ABC123', country: 'CO', found: true, who: { kind: 'guest', id: 'g1' }, vehicleId: null },
        { aggregateId: 'CO:ABC123', actor },
      );
      await em.flush();
    });
    // The catalogue and the marketplace write their search events in batches (every 100 ms): all are in their outboxes before counting.
    await t.app.get(SearchRecorder).flush();
    await eventually(async () => Number((await sql<{ n: string }>(t.db('marketplace'), SEARCHES_IN_OUTBOX))[0]!.n) === 2, 10000);
    const expected = await recorded();
    expect(expected).toBeGreaterThanOrEqual(10);
    await eventually(async () => (await projected()) === expected, 60000);
  }, 240000);

  afterAll(async () => {
    await t?.close();
  });

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBeLessThan(300);
    return c;
  }

  describe('the read model', () => {
    it('keeps one row per search event of every context, with the Bogotá day, and the daily aggregate adds up', async () => {
      const rows = await sql(analytics, `select kind, query, person_kind, found from searches where query = ? order by occurred_at`, [
        UNKNOWN,
      ]);
      expect(rows).toEqual([
        { kind: 'substitutions', query: UNKNOWN, person_kind: 'guest', found: false },
        { kind: 'oem', query: UNKNOWN, person_kind: 'guest', found: false },
      ]);
      const market = await sql(
        analytics,
        `select kind, query, found, country, result_count from searches where kind in ('text', 'reference') order by kind`,
      );
      expect(market).toEqual([
        { kind: 'reference', query: NO_REF, found: false, country: 'CO', result_count: 0 },
        { kind: 'text', query: TEXT, found: false, country: 'CO', result_count: 0 },
      ]);
      const [agg] = await sql<{ n: string }>(analytics, `select sum(count) as n from search_days`);
      expect(Number(agg!.n)).toBe(await projected());
      expect(await count(`select count(*) as n from searches where day = ?`, [today()])).toBe(await projected());
    });

    it('keeps plate lookups without the plate: the make, the country and whether it was found', async () => {
      const plates = await sql(
        analytics,
        `select query, make, country, found, person_kind from searches where kind = 'plate' order by country, make`,
      );
      expect(plates).toHaveLength(plateMark + 3);
      expect(plates).toEqual(
        expect.arrayContaining([
          { query: '', make: 'MAZDA', country: 'CO', found: true, person_kind: 'user' },
          { query: '', make: null, country: 'MX', found: false, person_kind: 'guest' },
          { query: '', make: null, country: 'CO', found: true, person_kind: 'guest' },
        ]),
      );
      const everything = JSON.stringify(await sql(analytics, `select * from searches`));
      expect(everything).not.toContain('ABC123');
    });

    it('carries the catalogue make with the catalogue searches', async () => {
      const made = await sql<{ make: string | null; catalog_code: string }>(
        analytics,
        `select distinct make, catalog_code from searches where kind = 'oem' and catalog_code is not null`,
      );
      const brands = new Map(
        (await sql<{ code: string; brand: string }>(catalog, `select code, brand from catalogs`)).map((c) => [c.code, c.brand]),
      );
      for (const r of made) expect(r.make).toBe(brands.get(r.catalog_code));
    });

    it('applies a redelivered event once', async () => {
      const before = { rows: await projected(), sum: await count(`select sum(count) as n from search_days`) };
      const [again] = await sql<{ envelope: Row }>(catalog, `select envelope from outbox_events where type = 'CatalogSearched' limit 1`);
      const { CommandBus } = await import('@nestjs/cqrs');
      const { RecordSearch } = await import('@tuerca/analytics');
      const result = await t.app.get(CommandBus).execute(new RecordSearch(again!.envelope as never));
      expect(result).toEqual({ recorded: false });
      expect({ rows: await projected(), sum: await count(`select sum(count) as n from search_days`) }).toEqual(before);
    });

    it("applies a redelivered batch of the marketplace's searches once: each search keeps the id derived for it", async () => {
      const before = { rows: await projected(), sum: await count(`select sum(count) as n from search_days`) };
      const [batch] = await sql<{ envelope: Row }>(
        t.db('marketplace'),
        `select envelope from outbox_events where type = 'ProductsSearched' and version = 2 limit 1`,
      );
      const { searchIdOf } = await import('@tuerca/analytics');
      const ids = (batch!.envelope.payload.searches as Row[]).map((_, i) => searchIdOf(batch!.envelope.eventId, i));
      expect(await count(`select count(*) as n from searches where event_id in (?)`, [ids])).toBe(ids.length);
      const { CommandBus } = await import('@nestjs/cqrs');
      const { RecordSearch } = await import('@tuerca/analytics');
      expect(await t.app.get(CommandBus).execute(new RecordSearch(batch!.envelope as never))).toEqual({ recorded: false });
      expect({ rows: await projected(), sum: await count(`select sum(count) as n from search_days`) }).toEqual(before);
    });
  });

  describe('the spec routes (analitycsCatalogV2Search)', () => {
    it('lists searches newest first, paged, with x-total-count', async () => {
      const total = await projected();
      const first = await operator.get(`${A}?${q({ page: 0, pageSize: 2 })}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-total-count')).toBe(String(total));
      expect(first.body.metadata).toMatchObject({ total, page: 0, pageSize: 2 });
      expect(first.body.data).toHaveLength(2);
      expect(first.body.data[0].occurredAt >= first.body.data[1].occurredAt).toBe(true);
      const second = await operator.get(`${A}?${q({ page: 1, pageSize: 2 })}`);
      expect(second.body.data).toHaveLength(2);
      expect(second.body.data[0].eventId).not.toBe(first.body.data[1].eventId);
      const defaults = await operator.get(A);
      expect(defaults.body.metadata).toMatchObject({ page: 0, pageSize: 20 });
    });

    it('filters by kind, found and text, plate and marketplace kinds included', async () => {
      const notFound = await operator.get(`${A}?${q({ filter: JSON.stringify({ found: false, q: 'zznoexiste' }) })}`);
      expect(notFound.status).toBe(200);
      expect(notFound.headers.get('x-total-count')).toBe('2');
      const oems = await operator.get(`${A}?${q({ filter: JSON.stringify({ kind: 'oem', q: oem, found: true }) })}`);
      expect(oems.headers.get('x-total-count')).toBe('2');
      const plates = await operator.get(`${A}?${q({ filter: JSON.stringify({ kind: 'plate' }) })}`);
      expect(plates.headers.get('x-total-count')).toBe(String(plateMark + 3));
      const texts = await operator.get(`${A}?${q({ filter: JSON.stringify({ kind: 'text' }) })}`);
      expect(texts.body.data).toEqual([expect.objectContaining({ kind: 'text', query: TEXT, found: false, personKind: 'guest' })]);
      const ranged = await operator.get(`${A}?${q({ filter: JSON.stringify({ from: today(), to: today() }) })}`);
      expect(ranged.headers.get('x-total-count')).toBe(String(await projected()));
      const past = await operator.get(`${A}?${q({ filter: JSON.stringify({ to: '2000-01-01' }) })}`);
      expect(past.headers.get('x-total-count')).toBe('0');
    });

    it('answers the general report: per day by kind (plate and text too), top terms, not-found demand, by catalogue', async () => {
      const res = await operator.get(`${GENERAL}?${q({ page: 0, perPage: 10 })}`);
      expect(res.status).toBe(200);
      const { perDay, topReferences, notFound, byCatalog } = res.body.data;
      expect(perDay.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(await projected());
      expect(perDay.find((d: Row) => d.kind === 'oem')).toMatchObject({ count: 3, found: 2, notFound: 1 });
      expect(perDay.find((d: Row) => d.kind === 'plate')).toMatchObject({ count: plateMark + 3 });
      expect(perDay.find((d: Row) => d.kind === 'text')).toMatchObject({ count: 1, found: 0, notFound: 1 });
      expect(perDay.find((d: Row) => d.kind === 'reference')).toMatchObject({ count: 1, found: 0, notFound: 1 });
      expect(topReferences[0]).toMatchObject({ kind: 'oem', query: oem, count: 2 });
      expect(notFound.map((r: Row) => `${r.kind}:${r.query}`)).toEqual(
        expect.arrayContaining([`oem:${UNKNOWN}`, `substitutions:${UNKNOWN}`, `text:${TEXT}`, `reference:${NO_REF}`]),
      );
      // A plate lookup never shows as a term.
      expect([...topReferences, ...notFound].some((r: Row) => r.kind === 'plate')).toBe(false);
      expect(byCatalog.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBeLessThanOrEqual(await projected());

      const byName = await operator.get(
        `${GENERAL}?${q({ order: 'query', perPage: 1, page: 0, filter: JSON.stringify({ kind: 'oem' }) })}`,
      );
      expect(byName.body.data.topReferences).toHaveLength(1);
      expect(byName.body.metadata.totals.topReferences).toBe(2);
      const sorted = [oem, UNKNOWN].sort();
      expect(byName.body.data.topReferences[0].query).toBe(sorted[0]);
      const page2 = await operator.get(`${GENERAL}?${q({ order: 'query', perPage: 1, page: 1, filter: JSON.stringify({ kind: 'oem' }) })}`);
      expect(page2.body.data.topReferences[0].query).toBe(sorted[1]);
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
        `${A}?${q({ filter: JSON.stringify({ kind: 'matricula' }) })}`,
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
      expect((await operator.get(`${A}?filter=nojson`)).body.errors).toContain('Formato JSON inválido');
    });
  });

  describe('the operator dashboard (/admin-api/search-analytics)', () => {
    it("sums every kind in 'Búsquedas por día y tipo', with the not-found demand and searches by make", async () => {
      const res = await operator.get(`${ADMIN}/summary`);
      expect(res.status).toBe(200);
      const s = res.body;
      expect(s.perDay).toHaveLength(30);
      const day = s.perDay[29];
      expect(day.day).toBe(today());
      expect(day).toMatchObject({ oem: 3, substitutions: 2, plate: plateMark + 3, text: 1, reference: 1 });
      expect(day.total).toBe(day.vin + day.frame + day.oem + day.substitutions + day.plate + day.text + day.reference);
      expect(s.totals.searches).toBe(await projected());
      expect(s.notFound.map((r: Row) => r.query)).toEqual(expect.arrayContaining([UNKNOWN, TEXT, NO_REF]));
      expect(s.byMake).toEqual(expect.arrayContaining([expect.objectContaining({ make: 'MAZDA', count: 1, found: 1 })]));
      expect((await operator.get(`${ADMIN}/summary-7`)).body.perDay).toHaveLength(7);
      expect((await operator.get(`${ADMIN}/summary-999`)).status).toBe(400);
    });

    it('lists searches with filters and a Content-Range; one by id; never writes', async () => {
      const res = await operator.get(`${ADMIN}?${q({ range: '[0,9]', filter: JSON.stringify({ kind: 'plate', make: 'MAZDA' }) })}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toMatch(/^search-analytics 0-0\/1$/);
      expect(res.body[0]).toMatchObject({ kind: 'plate', query: '', make: 'MAZDA', found: true });
      expect((await operator.get(`${ADMIN}/${res.body[0].id}`)).body).toMatchObject({ id: res.body[0].id, kind: 'plate' });
      expect((await operator.get(`${ADMIN}/${randomUUID()}`)).status).toBe(404);
      expect((await operator.request('POST', ADMIN, {})).status).toBe(405);
      expect((await operator.get(`${ADMIN}?${q({ filter: JSON.stringify({ kind: 'matricula' }) })}`)).status).toBe(400);
      expect((await guest.get(`${ADMIN}/summary`)).status).toBe(401);
    });
  });

  describe("the catalogue's former tables", () => {
    it('are re-recorded as CatalogSearched (same ids, with the make) and reach the read model once', async () => {
      // The catalogue's tables as Migration002 left them, with three searches: one whose event is still in the
      // outbox (left to the log) and two older ones the log no longer has.
      await catalog.em().execute(`create table search_analytics_searches (
        event_id uuid primary key, occurred_at timestamptz not null, day date not null, kind text not null, query text not null,
        person_kind text not null, catalog_code text, found boolean not null, result_count int not null, latency_ms int not null)`);
      await catalog.em().execute(`create table search_analytics_daily (day date, kind text, catalog_code text, found boolean, count int,
        latency_sum_ms bigint, primary key (day, kind, catalog_code, found))`);
      const [inOutbox] = await sql<{ event_id: string }>(
        catalog,
        `select event_id from outbox_events where type = 'CatalogSearched' limit 1`,
      );
      const old = [randomUUID(), randomUUID()];
      const rows: [string, string, string, string | null, boolean][] = [
        [inOutbox!.event_id, '2026-01-10T15:00:00Z', 'OLDREF1', brand.code, true],
        [old[0]!, '2026-01-11T03:30:00Z', 'OLDREF2', brand.code, true],
        [old[1]!, '2026-01-12T15:00:00Z', 'OLDREF3', null, false],
      ];
      for (const [id, at, query, code, found] of rows)
        await catalog
          .em()
          .execute(
            `insert into search_analytics_searches values (?, ?, (?::timestamptz - interval '5 hours')::date, 'oem', ?, 'user', ?, ?, ?, 12)`,
            [id, at, at, query, code, found, found ? 1 : 0],
          );
      const before = await projected();
      await catalog.em().execute(RECORD_SEARCH_HISTORY_SQL);
      for (const statement of DROP_SEARCH_ANALYTICS_SQL) await catalog.em().execute(statement);

      await eventually(async () => (await projected()) === before + 2, 30000);
      const moved = await sql(
        analytics,
        `select event_id, day::text as day, query, make, catalog_code, found, person_kind from searches where event_id in (?, ?) order by query`,
        old,
      );
      expect(moved).toEqual([
        {
          event_id: old[0],
          day: '2026-01-10',
          query: 'OLDREF2',
          make: brand.brand,
          catalog_code: brand.code,
          found: true,
          person_kind: 'user',
        },
        { event_id: old[1], day: '2026-01-12', query: 'OLDREF3', make: null, catalog_code: null, found: false, person_kind: 'user' },
      ]);
      expect(await count(`select count(*) as n from searches where query = 'OLDREF1'`)).toBe(0);
      const tables = await sql(catalog, `select to_regclass('search_analytics_searches') as s, to_regclass('search_analytics_daily') as d`);
      expect(tables).toEqual([{ s: null, d: null }]);
    });
  });
});
