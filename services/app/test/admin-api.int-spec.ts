import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule, seedBilling } from '@tuerca/billing';
import { CatalogModule, seedCatalog } from '@tuerca/catalog';
import { AnalyticsModule } from '@tuerca/analytics';

/**
 * The operator console's backend (/admin-api, issue 8) driven by ra-data-simple-rest's real dataProvider,
 * as react-admin drives it: getList, getOne, getMany, getManyReference, create, update and delete on every
 * resource identity, billing and catalog serve, and the role denials of every resource and id.
 */
describe('/admin-api through ra-data-simple-rest', () => {
  let t: TestHttpApp;
  const clients: Record<string, TestClient> = {};
  const providers: Record<string, DataProvider> = {};
  const ids: Record<string, string> = {};
  let today: string;

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return c;
  }

  /** react-admin's httpClient with the person's session cookie (a browser sends it by itself). */
  function providerFor(client: TestClient): DataProvider {
    return simpleRestProvider(`${t.url}/admin-api`, (url: string, options: fetchUtils.Options = {}) => {
      const headers = new Headers(options.headers as HeadersInit | undefined);
      const sid = client.cookie('tuerca_sid');
      if (sid) headers.set('cookie', `tuerca_sid=${sid}`);
      return fetchUtils.fetchJson(url, { ...options, headers });
    });
  }

  /** The HTTP status a dataProvider call failed with (ra-core's HttpError). */
  async function statusOf(call: Promise<unknown>): Promise<number> {
    try {
      await call;
      return 200;
    } catch (err) {
      return (err as { status?: number }).status ?? -1;
    }
  }

  const sql = <T = Record<string, unknown>>(schema: string, query: string, params: unknown[] = []) =>
    t.db(schema).em().execute<T[]>(query, params);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule, AnalyticsModule], {
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    });
    await seedIdentity(t.db('identity'));
    await seedBilling(t.db('billing'));
    await seedCatalog(t.db('catalog'), { seed: 2026, scale: 1 });
    for (const [who, email] of [
      ['operator', 'operador@tuerca.demo'],
      ['adviser', 'asesor@tuerca.demo'],
      ['customer', 'cliente@tuerca.demo'],
      ['seller', 'vendedor@tuerca.demo'],
    ] as const) {
      clients[who] = await login(email);
      providers[who] = providerFor(clients[who]);
    }
    clients.guest = new TestClient(t.url);
    providers.guest = providerFor(clients.guest);

    // A catalogue search, a metered substitutions lookup and an error report, for analytics, metrics and reports.
    const [part] = await sql<{ oem_normalized: string }>('catalog', 'select oem_normalized from parts order by part_id limit 1');
    const guest = clients.guest;
    expect((await guest.get(`/api/catalogo/catalogV2/findCatalogsByOem?oem=${encodeURIComponent(part!.oem_normalized)}`)).status).toBe(200);
    expect((await guest.get(`/api/catalogo/catalogSubstitutions/getSubstitutions?reference=ZZNOEXISTE42`)).status).toBe(404);
    expect(
      (await guest.get(`/api/catalogo/catalogSubstitutions/getSubstitutions?reference=${encodeURIComponent(part!.oem_normalized)}`)).status,
    ).toBeLessThan(500);
    const report = await guest.post('/api/catalogo/catalogV2/reportSubstitutionError', {
      errorMessage: 'La sustitución de este filtro no corresponde',
      reference: 'WK616/1',
      url: 'https://tuerca.example/sustituciones',
    });
    expect(report.status).toBeLessThan(300);
    await eventually(async () => {
      const rows = await sql<{ n: string }>('analytics', 'select count(*) as n from searches');
      return Number(rows[0]!.n) >= 2;
    });
    const users = await sql<{ id: string; email: string; store_id: string | null }>('identity', 'select id, email, store_id from users');
    for (const u of users) ids[u.email] = u.id;
    ids.sellerStore = users.find((u) => u.email === 'vendedor@tuerca.demo')!.store_id!;
    today = new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
  }, 240000);

  afterAll(async () => {
    await t?.close();
  });

  const RESOURCES = [
    'users',
    'charging-plans',
    'app-parameters',
    'consultation-balances',
    'billing-metrics',
    'catalog-error-reports',
    'search-analytics',
  ] as const;

  it('answers every list as a bare array with Content-Range and exposes it to other origins', async () => {
    for (const resource of RESOURCES) {
      const res = await clients.operator!.request('GET', `/admin-api/${resource}?range=${encodeURIComponent('[0,1]')}`);
      expect({ resource, status: res.status }).toEqual({ resource, status: 200 });
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.headers.get('content-range')).toMatch(new RegExp(`^${resource} 0-\\d+/\\d+$`));
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    }
  });

  describe('users (identity, operators only)', () => {
    it('lists, filters, sorts and pages', async () => {
      const p = providers.operator!;
      const page = await p.getList('users', { pagination: { page: 1, perPage: 3 }, sort: { field: 'email', order: 'ASC' }, filter: {} });
      expect(page.data).toHaveLength(3);
      expect(page.total).toBeGreaterThanOrEqual(8);
      const emails = page.data.map((u) => u.email as string);
      expect([...emails].sort()).toEqual(emails);
      const second = await p.getList('users', { pagination: { page: 2, perPage: 3 }, sort: { field: 'email', order: 'ASC' }, filter: {} });
      expect(second.data.map((u) => u.id)).not.toContain(page.data[0]!.id);
      const operators = await p.getList('users', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { role: 'operator' },
      });
      expect(operators.data.map((u) => u.email)).toEqual(['operador@tuerca.demo']);
      const searched = await p.getList('users', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'taller' },
      });
      expect(searched.data).toEqual([expect.objectContaining({ email: 'taller@tuerca.demo', downloadPartsCatalog: true })]);
      const incomplete = await p.getList('users', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter: { signUpCompleted: false },
      });
      expect(incomplete.data.map((u) => u.email)).toContain('nuevo@tuerca.demo');
      expect(incomplete.data.every((u) => u.signUpCompleted === false)).toBe(true);
      // Only whitelisted fields sort.
      expect(
        await statusOf(
          p.getList('users', { pagination: { page: 1, perPage: 5 }, sort: { field: 'password_hash', order: 'ASC' }, filter: {} }),
        ),
      ).toBe(400);
    });

    it('reads one, many and by reference', async () => {
      const p = providers.operator!;
      const one = await p.getOne('users', { id: ids['cliente@tuerca.demo']! });
      expect(one.data).toMatchObject({ email: 'cliente@tuerca.demo', roles: ['customer'], signUpCompleted: true });
      expect(one.data).not.toHaveProperty('passwordHash');
      expect(one.data).not.toHaveProperty('password_hash');
      const many = await p.getMany('users', { ids: [ids['cliente@tuerca.demo']!, ids['taller@tuerca.demo']!] });
      expect(many.data.map((u) => u.email).sort()).toEqual(['cliente@tuerca.demo', 'taller@tuerca.demo']);
      const ofStore = await p.getManyReference('users', {
        target: 'storeId',
        id: ids.sellerStore!,
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'email', order: 'ASC' },
        filter: {},
      });
      expect(ofStore.data.map((u) => u.email)).toContain('vendedor@tuerca.demo');
      expect(ofStore.data.every((u) => u.storeId === ids.sellerStore)).toBe(true);
      expect(await statusOf(p.getOne('users', { id: '00000000-0000-4000-8000-000000000000' }))).toBe(404);
      expect(await statusOf(p.getOne('users', { id: 'no-es-un-id' }))).toBe(400);
    });

    it('creates an account, changes its roles and flags, and refuses deleting it', async () => {
      const p = providers.operator!;
      const created = await p.create('users', {
        data: { email: 'asesora.nueva@tuerca.demo', password: 'Tuerca2026!', name: 'Asesora Nueva', roles: ['adviser'], country: 'MX' },
      });
      expect(created.data).toMatchObject({ email: 'asesora.nueva@tuerca.demo', roles: ['adviser'], country: 'MX', active: true });
      expect(
        await statusOf(p.create('users', { data: { email: 'asesora.nueva@tuerca.demo', password: 'Tuerca2026!', name: 'Otra' } })),
      ).toBe(409);

      const customerId = ids['cliente@tuerca.demo']!;
      const current = (await p.getOne('users', { id: customerId })).data;
      const updated = await p.update('users', {
        id: customerId,
        data: { ...current, roles: ['customer', 'workshop'], downloadPartsCatalog: true },
        previousData: current,
      });
      expect(updated.data).toMatchObject({ id: customerId, roles: ['customer', 'workshop'], downloadPartsCatalog: true });
      // The person's live session sees the new flag at once.
      const session = await clients.customer!.get(`/api/core/sessionControlData/${customerId}`);
      expect(session.body.data.user).toMatchObject({ roles: ['customer', 'workshop'], downloadPartsCatalog: true });
      const events = await sql<{ n: string }>(
        'identity',
        `select count(*) as n from outbox_events where type = 'UserUpdated' and aggregate_id = ?`,
        [customerId],
      );
      expect(Number(events[0]!.n)).toBe(1);
      await p.update('users', { id: customerId, data: { roles: ['customer'], downloadPartsCatalog: false }, previousData: current });

      // An operator cannot lock themselves out.
      const me = ids['operador@tuerca.demo']!;
      expect(await statusOf(p.update('users', { id: me, data: { roles: ['customer'] }, previousData: {} as never }))).toBe(400);
      expect(await statusOf(p.delete('users', { id: created.data.id, previousData: created.data }))).toBe(405);
      expect(await statusOf(p.update('users', { id: created.data.id, data: { roles: ['pirata'] }, previousData: created.data }))).toBe(400);
    });
  });

  describe('charging-plans (billing)', () => {
    const plan = {
      title: 'Consola 50',
      description: '50 consultas al catálogo',
      amount: 50,
      price: 59900,
      currency: 'COP',
      transaction_type: 'catalog_consultations',
    };

    it('creates, reads, updates (activate, validity, type) and soft-deletes through the plan commands', async () => {
      const p = providers.operator!;
      const created = await p.create('charging-plans', { data: plan });
      expect(created.data).toMatchObject({ ...plan, validity_days: 90, active: true, price_label: '$ 59.900 COP', deleted_at: null });
      const id = created.data.id as string;

      const list = await p.getList('charging-plans', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'price', order: 'DESC' },
        filter: { q: 'Consola' },
      });
      expect(list.data.map((r) => r.id)).toEqual([id]);
      expect(list.total).toBe(1);
      const all = await p.getList('charging-plans', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'price', order: 'ASC' },
        filter: {},
      });
      const prices = all.data.map((r) => r.price as number);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      expect(all.total).toBeGreaterThan(1);

      expect((await p.getOne('charging-plans', { id })).data).toMatchObject({ title: 'Consola 50' });
      const many = await p.getMany('charging-plans', { ids: [id, all.data[0]!.id] });
      expect(many.data).toHaveLength(2);
      const sameType = await p.getManyReference('charging-plans', {
        target: 'transaction_type',
        id: 'catalog_consultations',
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'title', order: 'ASC' },
        filter: {},
      });
      expect(sameType.data.map((r) => r.id)).toContain(id);
      expect(sameType.data.every((r) => r.transaction_type === 'catalog_consultations')).toBe(true);

      // react-admin sends the whole record back; labels and dates are ignored.
      const updated = await p.update('charging-plans', {
        id,
        data: { ...created.data, active: false, validity_days: 45, transaction_type: 'general_inquiries' },
        previousData: created.data,
      });
      expect(updated.data).toMatchObject({ id, active: false, validity_days: 45, transaction_type: 'general_inquiries' });
      const inactive = await p.getList('charging-plans', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { active: false, q: 'Consola' },
      });
      expect(inactive.data.map((r) => r.id)).toEqual([id]);
      expect(await statusOf(p.update('charging-plans', { id, data: { ...updated.data, price: -3 }, previousData: updated.data }))).toBe(
        400,
      );

      const deleted = await p.delete('charging-plans', { id, previousData: updated.data });
      expect(deleted.data).toMatchObject({ id, active: false });
      expect(deleted.data.deleted_at).toEqual(expect.any(String));
      const live = await p.getList('charging-plans', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'Consola' },
      });
      expect(live.total).toBe(0);
      const gone = await p.getList('charging-plans', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'Consola', deleted: true },
      });
      expect(gone.data.map((r) => r.id)).toEqual([id]);
      expect(await statusOf(p.delete('charging-plans', { id, previousData: deleted.data }))).toBe(404);
    });

    it('publishes what the operator creates to the customer API', async () => {
      const created = await providers.operator!.create('charging-plans', { data: { ...plan, title: 'Visible al cliente' } });
      const active = await clients.customer!.get('/api/core/chargingPlans/getChargingPlansActive');
      expect(active.body.data.plans.map((x: { id: string }) => x.id)).toContain(created.data.id);
    });
  });

  describe('app-parameters (billing)', () => {
    it('lists with values and defaults, edits through the parameter schema and shows the audited history', async () => {
      const p = providers.operator!;
      const list = await p.getList('app-parameters', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      });
      expect(list.total).toBeGreaterThanOrEqual(20);
      expect(list.data.find((r) => r.id === 'catalogV2FreeConsultationsWithLogin')).toMatchObject({
        kind: 'number',
        value: 10,
        default: 10,
        isDefault: true,
      });
      const name = 'plateFreeConsultationsWhitouthLogin';
      const before = (await p.getOne('app-parameters', { id: name })).data;
      expect(before).toMatchObject({ id: name, history: [] });
      const updated = await p.update('app-parameters', { id: name, data: { ...before, value: 4 }, previousData: before });
      expect(updated.data).toMatchObject({ id: name, value: 4, isDefault: false, updatedBy: ids['operador@tuerca.demo'] });
      expect(updated.data.history).toEqual([expect.objectContaining({ value: 4, previous: 1, changedBy: ids['operador@tuerca.demo'] })]);
      // The customer API reads the new threshold.
      const all = await clients.guest!.get('/api/core/appParameters');
      expect(all.body.data[name]).toBe(4);
      // Each parameter's own schema validates.
      expect(await statusOf(p.update('app-parameters', { id: name, data: { value: -1 }, previousData: updated.data }))).toBe(400);
      expect(await statusOf(p.update('app-parameters', { id: 'paymentCurrency', data: { value: 'USD' }, previousData: {} as never }))).toBe(
        400,
      );
      expect(
        (await p.update('app-parameters', { id: 'isVirtualStore', data: { value: true }, previousData: {} as never })).data.value,
      ).toBe(true);

      const many = await p.getMany('app-parameters', { ids: [name, 'paymentCurrency'] });
      expect(many.data.map((r) => r.id).sort()).toEqual(['paymentCurrency', name]);
      expect(many.data.find((r) => r.id === 'paymentCurrency')).toMatchObject({ kind: 'currency', choices: ['COP', 'MXN'] });
      const flags = await p.getManyReference('app-parameters', {
        target: 'kind',
        id: 'boolean',
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      });
      expect(flags.data.map((r) => r.id)).toEqual(['isVirtualStore', 'showProductReferences']);
      const changed = await p.getList('app-parameters', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'id', order: 'ASC' },
        filter: { changed: true },
      });
      expect(changed.data.map((r) => r.id)).toEqual(['isVirtualStore', name]);
      expect(await statusOf(p.getOne('app-parameters', { id: 'noExiste' }))).toBe(404);
      expect(await statusOf(p.create('app-parameters', { data: { id: 'nuevo', value: 1 } }))).toBe(405);
      expect(await statusOf(p.delete('app-parameters', { id: name, previousData: updated.data }))).toBe(405);
    });
  });

  describe('consultation-balances (billing)', () => {
    it('credits manually with an audited reason and ConsultationsCredited, and reads per person', async () => {
      const p = providers.operator!;
      const userId = ids['cliente@tuerca.demo']!;
      const credited = await p.create('consultation-balances', {
        data: { userId, type: 'plate_consultations', amount: 7, reason: 'Compensación por caída del servicio' },
      });
      expect(credited.data).toMatchObject({
        userId,
        type: 'plate_consultations',
        amount: 7,
        remaining: 7,
        source: 'manual',
        status: 'available',
        reason: 'Compensación por caída del servicio',
        creditedBy: ids['operador@tuerca.demo'],
      });
      const events = await sql<{ envelope: { payload: Record<string, unknown>; actor: unknown } }>(
        'billing',
        `select envelope from outbox_events where type = 'ConsultationsCredited' and aggregate_id = ?`,
        [userId],
      );
      expect(events.map((e) => e.envelope)).toContainEqual(
        expect.objectContaining({
          payload: expect.objectContaining({ reason: 'Compensación por caída del servicio', source: 'manual', amount: 7 }),
          actor: { kind: 'user', id: ids['operador@tuerca.demo'] },
        }),
      );
      // The customer's balance shows it.
      const plate = await clients.customer!.get('/api/garage/vehicle/getConsultationsByPlateAvailable');
      expect(JSON.stringify(plate.body)).toContain('7');

      const mine = await p.getManyReference('consultation-balances', {
        target: 'userId',
        id: userId,
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: {},
      });
      expect(mine.data[0]!.id).toBe(credited.data.id);
      expect(mine.data.every((b) => b.userId === userId)).toBe(true);
      expect((await p.getOne('consultation-balances', { id: credited.data.id })).data).toMatchObject({ amount: 7 });
      expect((await p.getMany('consultation-balances', { ids: [credited.data.id] })).data).toHaveLength(1);
      const manual = await p.getList('consultation-balances', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'amount', order: 'DESC' },
        filter: { source: 'manual', status: 'available' },
      });
      expect(manual.data.map((b) => b.id)).toContain(credited.data.id);

      expect(await statusOf(p.create('consultation-balances', { data: { userId, type: 'plate_consultations', amount: 7 } }))).toBe(400);
      expect(
        await statusOf(p.create('consultation-balances', { data: { userId, type: 'plate_consultations', amount: 0, reason: 'Sin nada' } })),
      ).toBe(400);
      expect(
        await statusOf(p.update('consultation-balances', { id: credited.data.id, data: { amount: 99 }, previousData: credited.data })),
      ).toBe(405);
      expect(await statusOf(p.delete('consultation-balances', { id: credited.data.id, previousData: credited.data }))).toBe(405);
    });
  });

  describe('billing-metrics (billing, read only)', () => {
    it('answers one row per day with the consultations consumed and plans sold', async () => {
      const p = providers.operator!;
      const list = await p.getList('billing-metrics', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'day', order: 'DESC' },
        filter: {},
      });
      expect(list.total).toBe(30);
      expect(list.data[0]).toMatchObject({ id: today, day: today });
      expect(list.data[0]!.consultations as number).toBeGreaterThanOrEqual(1);
      expect(list.data[0]!.substitutions as number).toBeGreaterThanOrEqual(1);
      expect(list.data[0]).toEqual(expect.objectContaining({ plansSold: expect.any(Number), revenueCOP: expect.any(Number) }));
      const week = await p.getList('billing-metrics', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'day', order: 'ASC' },
        filter: { from: '2026-01-01', to: '2026-01-07' },
      });
      expect(week.data.map((r) => r.id)).toEqual([
        '2026-01-01',
        '2026-01-02',
        '2026-01-03',
        '2026-01-04',
        '2026-01-05',
        '2026-01-06',
        '2026-01-07',
      ]);
      expect((await p.getOne('billing-metrics', { id: today })).data).toMatchObject({ day: today });
      expect((await p.getMany('billing-metrics', { ids: [today, '2026-01-02'] })).data.map((r) => r.id).sort()).toEqual([
        '2026-01-02',
        today,
      ]);
      const fromRef = await p.getManyReference('billing-metrics', {
        target: 'from',
        id: today,
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'day', order: 'ASC' },
        filter: {},
      });
      expect(fromRef.data.map((r) => r.id)).toEqual([today]);
      expect(
        await statusOf(
          p.getList('billing-metrics', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'day', order: 'ASC' },
            filter: { from: 'ayer' },
          }),
        ),
      ).toBe(400);
      expect(await statusOf(p.create('billing-metrics', { data: { day: today } }))).toBe(405);
      expect(await statusOf(p.update('billing-metrics', { id: today, data: {}, previousData: {} as never }))).toBe(405);
      expect(await statusOf(p.delete('billing-metrics', { id: today, previousData: { id: today } }))).toBe(405);
    });
  });

  describe('catalog-error-reports (catalog)', () => {
    it('lists reports and marks them resolved', async () => {
      const p = providers.operator!;
      const list = await p.getList('catalog-error-reports', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { resolved: false },
      });
      expect(list.total).toBe(1);
      const report = list.data[0]!;
      expect(report).toMatchObject({ reference: 'WK616/1', resolved: false, reporterKind: 'guest' });
      expect((await p.getOne('catalog-error-reports', { id: report.id })).data.errorMessage).toBe(
        'La sustitución de este filtro no corresponde',
      );
      expect((await p.getMany('catalog-error-reports', { ids: [report.id] })).data).toHaveLength(1);
      const byRef = await p.getManyReference('catalog-error-reports', {
        target: 'reference',
        id: 'WK616/1',
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: {},
      });
      expect(byRef.data.map((r) => r.id)).toEqual([report.id]);
      const resolved = await p.update('catalog-error-reports', {
        id: report.id,
        data: { ...report, resolved: true },
        previousData: report,
      });
      expect(resolved.data).toMatchObject({ id: report.id, resolved: true, resolvedBy: ids['operador@tuerca.demo'] });
      expect(resolved.data.resolvedAt).toEqual(expect.any(String));
      const pending = await p.getList('catalog-error-reports', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { resolved: false },
      });
      expect(pending.total).toBe(0);
      expect(await statusOf(p.create('catalog-error-reports', { data: { errorMessage: 'x' } }))).toBe(405);
      expect(await statusOf(p.delete('catalog-error-reports', { id: report.id, previousData: report }))).toBe(405);
    });
  });

  describe('search-analytics (analytics, read only)', () => {
    it('lists searches, reads one, many and by reference, and the dashboard summary', async () => {
      const p = providers.operator!;
      const list = await p.getList('search-analytics', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'occurredAt', order: 'DESC' },
        filter: {},
      });
      expect(list.total).toBeGreaterThanOrEqual(2);
      const oem = list.data.find((r) => r.kind === 'oem')!;
      expect(oem).toMatchObject({ found: true, personKind: 'guest', day: today });
      const missed = await p.getList('search-analytics', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'query', order: 'ASC' },
        filter: { found: false, q: 'ZZNOEXISTE' },
      });
      expect(missed.data.map((r) => r.query)).toEqual(['ZZNOEXISTE42']);
      expect((await p.getOne('search-analytics', { id: oem.id })).data).toMatchObject({ query: oem.query });
      expect((await p.getMany('search-analytics', { ids: [oem.id] })).data).toHaveLength(1);
      const byKind = await p.getManyReference('search-analytics', {
        target: 'kind',
        id: 'oem',
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'occurredAt', order: 'DESC' },
        filter: {},
      });
      expect(byKind.data.every((r) => r.kind === 'oem')).toBe(true);

      const summary = (await p.getOne('search-analytics', { id: 'summary' })).data;
      expect(summary.perDay).toHaveLength(30);
      expect(summary.perDay[29]).toMatchObject({ day: today });
      expect(summary.perDay[29].oem).toBeGreaterThanOrEqual(1);
      expect(summary.notFound.map((r: { query: string }) => r.query)).toContain('ZZNOEXISTE42');
      expect(summary.topReferences.length).toBeGreaterThanOrEqual(1);
      expect(summary.byMake.length).toBeGreaterThanOrEqual(1);
      expect(summary.totals.searches).toBeGreaterThanOrEqual(2);
      expect((await p.getOne('search-analytics', { id: 'summary-7' })).data.perDay).toHaveLength(7);
      expect(await statusOf(p.getOne('search-analytics', { id: 'summary-999' }))).toBe(400);

      expect(await statusOf(p.create('search-analytics', { data: {} }))).toBe(405);
      expect(await statusOf(p.update('search-analytics', { id: oem.id, data: {}, previousData: oem }))).toBe(405);
      expect(await statusOf(p.delete('search-analytics', { id: oem.id, previousData: oem }))).toBe(405);
    });
  });

  describe('who may call what', () => {
    /** An id each resource knows, so a denial is the role's and not a 404. */
    async function sampleIds(): Promise<Record<(typeof RESOURCES)[number], string>> {
      const p = providers.operator!;
      const first = async (resource: string) =>
        (await p.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).data[0]!
          .id as string;
      return {
        users: ids['cliente@tuerca.demo']!,
        'charging-plans': await first('charging-plans'),
        'app-parameters': 'paymentCurrency',
        'consultation-balances': await first('consultation-balances'),
        'billing-metrics': today,
        'catalog-error-reports': await first('catalog-error-reports'),
        'search-analytics': await first('search-analytics'),
      };
    }

    it('a guest gets 401, a customer and a seller 403, on every resource and id', async () => {
      const sample = await sampleIds();
      const problems: string[] = [];
      for (const [who, want] of [
        ['guest', 401],
        ['customer', 403],
        ['seller', 403],
      ] as const) {
        const p = providers[who]!;
        for (const resource of RESOURCES) {
          const id = sample[resource];
          const calls: [string, () => Promise<unknown>][] = [
            [
              'getList',
              () => p.getList(resource, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
            ],
            ['getOne', () => p.getOne(resource, { id })],
            ['getMany', () => p.getMany(resource, { ids: [id] })],
            ['create', () => p.create(resource, { data: {} })],
            ['update', () => p.update(resource, { id, data: {}, previousData: {} as never })],
            ['delete', () => p.delete(resource, { id, previousData: { id } })],
          ];
          for (const [name, call] of calls) {
            const status = await statusOf(call());
            if (status !== want) problems.push(`${who} ${name} ${resource}: ${status}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('an adviser reads billing and the catalogue but changes nothing, and never sees accounts', async () => {
      const sample = await sampleIds();
      const p = providers.adviser!;
      const problems: string[] = [];
      for (const resource of RESOURCES) {
        const id = sample[resource];
        const readable = resource !== 'users';
        const reads: [string, () => Promise<unknown>][] = [
          ['getList', () => p.getList(resource, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })],
          ['getOne', () => p.getOne(resource, { id })],
        ];
        for (const [name, call] of reads) {
          const status = await statusOf(call());
          if (status !== (readable ? 200 : 403)) problems.push(`adviser ${name} ${resource}: ${status}`);
        }
        for (const [name, call] of [
          ['create', () => p.create(resource, { data: {} })],
          ['update', () => p.update(resource, { id, data: {}, previousData: {} as never })],
          ['delete', () => p.delete(resource, { id, previousData: { id } })],
        ] as const) {
          const status = await statusOf(call());
          if (status !== 403) problems.push(`adviser ${name} ${resource}: ${status}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('every /admin-api route is in the OpenAPI document with its roles', async () => {
      const doc = (await clients.guest!.get('/api/docs')).body;
      const paths = Object.keys((doc as { paths?: Record<string, unknown> })?.paths ?? {});
      for (const resource of RESOURCES) {
        expect(paths).toContain(`/admin-api/${resource}`);
        expect(paths).toContain(`/admin-api/${resource}/{id}`);
      }
    });
  });
});
