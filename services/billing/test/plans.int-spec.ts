import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';

/**
 * Charging plans and trials over HTTP against the real app (identity + billing, PostgreSQL, Redis).
 * spec 000 §7 "Charging plans", §3 "Charging plan tab"; 001 §3 "Plan".
 */
describe('charging plans over HTTP', () => {
  let t: TestHttpApp;
  let operator: TestClient;
  let customer: TestClient;

  /** With two contexts there are two ContextDatabase instances; the registry tells them apart by schema. */
  const db = (schema: 'identity' | 'billing'): ContextDatabase => t.db(schema);
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => db('billing').em().execute<T[]>(query, params);

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return c;
  }

  const plan = (over: Record<string, unknown> = {}) => ({
    title: 'Catálogo 20',
    description: '20 consultas al catálogo original',
    amount: 20,
    price: 24900,
    currency: 'COP',
    transaction_type: 'catalog_consultations',
    ...over,
  });

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule], { RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000' });
    await seedIdentity(db('identity'));
    operator = await login('operador@tuerca.demo');
    customer = await login('cliente@tuerca.demo');
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('permissions', () => {
    it('a guest gets 401 Login required, a customer 403, an operator creates', async () => {
      const guest = await new TestClient(t.url).post('/api/core/chargingPlans/', plan());
      expect(guest.status).toBe(401);
      expect(guest.body).toMatchObject({ message: 'Login required', errors: ['Debes iniciar sesión para continuar.'] });

      const denied = await customer.post('/api/core/chargingPlans/', plan());
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ message: 'Forbidden', errors: ['No tienes permiso para realizar esta acción'] });

      const created = await operator.post('/api/core/chargingPlans/', plan({ title: 'Permisos 1' }));
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        title: 'Permisos 1',
        amount: 20,
        price: 24900,
        currency: 'COP',
        price_label: '$ 24.900 COP',
        transaction_type: 'catalog_consultations',
        transaction_type_label: 'Consultas al catálogo',
        validity_days: 90,
        store_plan: false,
        active: true,
        deleted_at: null,
      });
      expect(created.body.metadata.message).toBe('El plan se creó correctamente.');
    });

    it('PATCH and DELETE are for operators only', async () => {
      const { body } = await operator.post('/api/core/chargingPlans/', plan({ title: 'Permisos 2' }));
      const id = body.data.id as string;
      expect((await new TestClient(t.url).request('PATCH', `/api/core/chargingPlans/${id}`, { active: false })).status).toBe(401);
      expect((await customer.request('PATCH', `/api/core/chargingPlans/${id}`, { active: false })).status).toBe(403);
      expect((await new TestClient(t.url).request('DELETE', `/api/core/chargingPlans/${id}`)).status).toBe(401);
      expect((await customer.request('DELETE', `/api/core/chargingPlans/${id}`)).status).toBe(403);
      const still = await sql<{ active: boolean; deleted_at: Date | null }>('select active, deleted_at from charging_plans where id = ?', [
        id,
      ]);
      expect(still[0]).toEqual({ active: true, deleted_at: null });
    });
  });

  describe('validity and currency defaults', () => {
    it.each([
      ['plate_consultations', 90],
      ['general_inquiries', 90],
      ['marketplace_integration', 30],
      ['orders', 30],
    ])('a %s plan is valid %i days unless told otherwise', async (type, days) => {
      const res = await operator.post('/api/core/chargingPlans/', plan({ title: `Vigencia ${type}`, transaction_type: type }));
      expect(res.status).toBe(201);
      expect(res.body.data.validity_days).toBe(days);
    });

    it('keeps a validity the operator chose', async () => {
      const res = await operator.post('/api/core/chargingPlans/', plan({ title: 'Vigencia propia', validity_days: 45 }));
      expect(res.body.data.validity_days).toBe(45);
    });

    it('uses the paymentCurrency app parameter when the plan names no currency', async () => {
      expect((await operator.request('PATCH', '/api/core/appParameters/paymentCurrency', { value: 'MXN' })).status).toBe(200);
      try {
        const { currency: _omitted, ...withoutCurrency } = plan({ title: 'Catálogo México', price: 149 });
        const res = await operator.post('/api/core/chargingPlans/', withoutCurrency);
        expect(res.status).toBe(201);
        expect(res.body.data).toMatchObject({ currency: 'MXN', price: 149, price_label: '$149.00 MXN' });
        const explicit = await operator.post('/api/core/chargingPlans/', plan({ title: 'Catálogo Colombia' }));
        expect(explicit.body.data.currency).toBe('COP');
      } finally {
        await operator.request('PATCH', '/api/core/appParameters/paymentCurrency', { value: 'COP' });
      }
    });
  });

  describe('bad input gets 400 with Spanish text, never 500', () => {
    const cases: [string, unknown][] = [
      ['no fields', {}],
      ['a title too short', plan({ title: 'ab' })],
      ['a zero price', plan({ price: 0 })],
      ['three decimals', plan({ price: 10.123 })],
      ['an unknown type', plan({ transaction_type: 'vip_consultations' })],
      ['a negative amount', plan({ amount: -5 })],
      ['an unknown currency', plan({ currency: 'USD' })],
      ['a zero validity', plan({ validity_days: 0 })],
      ['malformed JSON', '{"title": '],
      ['an array body', '[]'],
    ];
    it.each(cases)('POST with %s', async (_label, body) => {
      const res = await operator.post('/api/core/chargingPlans/', body);
      expect(res.status).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
      for (const e of res.body.errors as string[]) expect(e).toMatch(/[a-záéíóúñ]/i);
    });

    it('nothing was written by the refused requests', async () => {
      const rows = await sql<{ n: string }>("select count(*) as n from charging_plans where title in ('ab') or price = 10.12");
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it('PATCH without known fields, with bad values, or with a bad id', async () => {
      const { body } = await operator.post('/api/core/chargingPlans/', plan({ title: 'Validación PATCH' }));
      const id = body.data.id as string;
      const empty = await operator.request('PATCH', `/api/core/chargingPlans/${id}`, {});
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual(['No hay cambios para guardar']);
      const unknown = await operator.request('PATCH', `/api/core/chargingPlans/${id}`, { color: 'rojo' });
      expect(unknown.body.errors).toEqual(['No hay cambios para guardar']);
      const bad = await operator.request('PATCH', `/api/core/chargingPlans/${id}`, { price: -1 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(['Debe ser mayor a cero']);
      const badId = await operator.request('PATCH', '/api/core/chargingPlans/no-es-un-id', { active: false });
      expect(badId.status).toBe(400);
      expect(badId.body.errors).toEqual(['Valor inválido']);
      const missing = await operator.request('PATCH', '/api/core/chargingPlans/00000000-0000-4000-8000-000000000000', { active: false });
      expect(missing.status).toBe(404);
      expect(missing.body.errors).toEqual(['El plan no existe o fue eliminado.']);
    });

    it('a list with a malformed filter, an unknown filter key or a negative page', async () => {
      const malformed = await customer.get('/api/core/chargingPlans/?filter=%7Bnope');
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual(['Formato JSON inválido']);
      const unknownKey = await customer.get(`/api/core/chargingPlans/?filter=${encodeURIComponent('{"precio":1}')}`);
      expect(unknownKey.status).toBe(400);
      expect((await customer.get('/api/core/chargingPlans/?page=-1')).status).toBe(400);
      expect((await customer.get('/api/core/chargingPlans/?pageSize=0')).status).toBe(400);
      const badType = await customer.get(`/api/core/chargingPlans/?filter=${encodeURIComponent('{"transaction_type":"x"}')}`);
      expect(badType.status).toBe(400);
    });
  });

  describe('changes', () => {
    it('deactivates and activates; guests and customers see only active plans, operators all', async () => {
      const { body } = await operator.post('/api/core/chargingPlans/', plan({ title: 'Activable', description: 'Se queda' }));
      const id = body.data.id as string;
      const off = await operator.request('PATCH', `/api/core/chargingPlans/${id}`, { active: false });
      expect(off.status).toBe(200);
      // a PATCH changes only what it names: the contract's defaults never reset the rest
      expect(off.body.data).toMatchObject({
        active: false,
        description: 'Se queda',
        currency: 'COP',
        store_plan: false,
        title: 'Activable',
      });

      const q = encodeURIComponent(JSON.stringify({ q: 'Activable' }));
      expect((await new TestClient(t.url).get(`/api/core/chargingPlans/?filter=${q}`)).body.data).toEqual([]);
      expect((await customer.get(`/api/core/chargingPlans/?filter=${q}`)).body.data).toEqual([]);
      const seen = await operator.get(`/api/core/chargingPlans/?filter=${q}`);
      expect(seen.body.data.map((p: { id: string; active: boolean }) => [p.id, p.active])).toEqual([[id, false]]);

      await operator.request('PATCH', `/api/core/chargingPlans/${id}`, { active: true });
      expect((await customer.get(`/api/core/chargingPlans/?filter=${q}`)).body.data.map((p: { id: string }) => p.id)).toEqual([id]);
    });

    it('a change of type moves a default validity to the new default and keeps a chosen one', async () => {
      const defaulted = (
        await operator.post('/api/core/chargingPlans/', plan({ title: 'Cambio de tipo', transaction_type: 'plate_consultations' }))
      ).body.data;
      expect(defaulted.validity_days).toBe(90);
      const moved = await operator.request('PATCH', `/api/core/chargingPlans/${defaulted.id}`, { transaction_type: 'orders' });
      expect(moved.body.data).toMatchObject({ transaction_type: 'orders', validity_days: 30 });

      const chosen = (await operator.post('/api/core/chargingPlans/', plan({ title: 'Vigencia elegida', validity_days: 60 }))).body.data;
      const kept = await operator.request('PATCH', `/api/core/chargingPlans/${chosen.id}`, { transaction_type: 'orders' });
      expect(kept.body.data.validity_days).toBe(60);
      const both = await operator.request('PATCH', `/api/core/chargingPlans/${chosen.id}`, {
        transaction_type: 'plate_consultations',
        validity_days: 15,
      });
      expect(both.body.data).toMatchObject({ transaction_type: 'plate_consultations', validity_days: 15 });
    });

    it('soft-deletes: gone from lists and from sale, kept in the table for payment history', async () => {
      const { body } = await operator.post('/api/core/chargingPlans/', plan({ title: 'Para borrar' }));
      const id = body.data.id as string;
      const deleted = await operator.request('DELETE', `/api/core/chargingPlans/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toMatchObject({ id, active: false });
      expect(deleted.body.data.deleted_at).toEqual(expect.any(String));

      const q = encodeURIComponent(JSON.stringify({ q: 'Para borrar' }));
      expect((await operator.get(`/api/core/chargingPlans/?filter=${q}`)).body.data).toEqual([]);
      expect((await customer.get(`/api/core/chargingPlans/?filter=${q}`)).body.data).toEqual([]);
      const trash = await operator.get(
        `/api/core/chargingPlans/?filter=${encodeURIComponent(JSON.stringify({ q: 'Para borrar', deleted: true }))}`,
      );
      expect(trash.body.data.map((p: { id: string }) => p.id)).toEqual([id]);

      expect((await operator.request('DELETE', `/api/core/chargingPlans/${id}`)).status).toBe(404);
      expect((await operator.request('PATCH', `/api/core/chargingPlans/${id}`, { active: true })).status).toBe(404);
      const rows = await sql<{ n: string }>('select count(*) as n from charging_plans where id = ? and deleted_at is not null', [id]);
      expect(Number(rows[0]!.n)).toBe(1);
    });

    it('records ChargingPlanChanged in the outbox with each change', async () => {
      const { body } = await operator.post('/api/core/chargingPlans/', plan({ title: 'Con eventos' }));
      const id = body.data.id as string;
      await operator.request('PATCH', `/api/core/chargingPlans/${id}`, { active: false });
      await operator.request('DELETE', `/api/core/chargingPlans/${id}`);
      const events = await sql<{ change: string; active: boolean; actor: string }>(
        `select envelope->'payload'->>'change' as change, (envelope->'payload'->>'active')::boolean as active, envelope->'actor'->>'kind' as actor
         from outbox_events where type = 'ChargingPlanChanged' and aggregate_id = ? order by id`,
        [id],
      );
      expect(events).toEqual([
        { change: 'created', active: true, actor: 'user' },
        { change: 'updated', active: false, actor: 'user' },
        { change: 'deleted', active: false, actor: 'user' },
      ]);
    });
  });

  describe('list', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 5; i++) {
        const res = await operator.post(
          '/api/core/chargingPlans/',
          plan({ title: `Paginado ${i}`, transaction_type: 'substitutions_consultations', price: 1000 * i }),
        );
        expect(res.status).toBe(201);
      }
    });

    it('pages (zero-based) with the total in metadata and x-total-count', async () => {
      const filter = encodeURIComponent(JSON.stringify({ q: 'Paginado', transaction_type: 'substitutions_consultations' }));
      const pages = [];
      for (const page of [0, 1, 2]) {
        const res = await customer.get(`/api/core/chargingPlans/?filter=${filter}&page=${page}&pageSize=2`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-total-count')).toBe('5');
        expect(res.body.metadata).toMatchObject({ total: 5, page, pageSize: 2 });
        pages.push(res.body.data.map((p: { title: string }) => p.title));
      }
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(new Set(pages.flat()).size).toBe(5);
    });

    it('defaults to page 0 of 20 and answers at the spec path with its trailing slash', async () => {
      const res = await customer.get('/api/core/chargingPlans/');
      expect(res.status).toBe(200);
      expect(res.body.metadata).toMatchObject({ page: 0, pageSize: 20 });
      expect(Number(res.headers.get('x-total-count'))).toBe(res.body.metadata.total);
      const bare = await customer.get('/api/core/chargingPlans');
      expect(bare.status).toBe(200);
      expect(bare.body.metadata.total).toBe(res.body.metadata.total);
      // the trailing-slash route is the list only: nothing lives under it but the named calls
      expect((await customer.get('/api/core/chargingPlans/no-existe/otro')).status).toBe(404);
      expect((await operator.post('/api/core/chargingPlans/no-existe', plan())).status).toBe(404);
    });

    it('filters by type, store_plan, active and text; % typed by a person is literal', async () => {
      await operator.post(
        '/api/core/chargingPlans/',
        plan({ title: 'Tienda imágenes', transaction_type: 'product_images', store_plan: true }),
      );
      const stores = await operator.get(`/api/core/chargingPlans/?filter=${encodeURIComponent('{"store_plan":true}')}`);
      expect(stores.body.data.length).toBeGreaterThan(0);
      expect(stores.body.data.every((p: { store_plan: boolean }) => p.store_plan)).toBe(true);
      const inactive = await operator.get(`/api/core/chargingPlans/?filter=${encodeURIComponent('{"active":false}')}`);
      expect(inactive.body.data.every((p: { active: boolean }) => !p.active)).toBe(true);
      const percent = await operator.get(`/api/core/chargingPlans/?filter=${encodeURIComponent('{"q":"%"}')}`);
      expect(percent.body.data).toEqual([]);
      // a customer asking for inactive plans still sees only active ones (none match both)
      expect((await customer.get(`/api/core/chargingPlans/?filter=${encodeURIComponent('{"active":false}')}`)).body.data).toEqual([]);
    });
  });

  describe('tabs and the plans view', () => {
    it('getTransactionTypes lists the ten keys with their Spanish labels', async () => {
      const res = await new TestClient(t.url).get('/api/core/chargingPlans/getTransactionTypes');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { key: 'plate_consultations', label: 'Consultas por placa', validityDays: 90 },
        { key: 'catalog_consultations', label: 'Consultas al catálogo', validityDays: 90 },
        { key: 'substitutions_consultations', label: 'Consultas de sustituciones', validityDays: 90 },
        { key: 'general_inquiries', label: 'Consultas generales', validityDays: 90 },
        { key: 'store_implementation', label: 'Implementación de tienda', validityDays: 90 },
        { key: 'product_images', label: 'Imágenes de productos', validityDays: 90 },
        { key: 'marketplace_integration', label: 'Integración con Mercado Libre', validityDays: 30 },
        { key: 'credit_studies', label: 'Estudios de crédito', validityDays: 90 },
        { key: 'credit_requests', label: 'Solicitudes de crédito', validityDays: 90 },
        { key: 'orders', label: 'Pedidos', validityDays: 30 },
      ]);
    });

    it('getChargingPlansActive: data.data is the tabs (key, label) that have active plans, plans beside them', async () => {
      const res = await new TestClient(t.url).get('/api/core/chargingPlans/getChargingPlansActive');
      expect(res.status).toBe(200);
      const { data: tabs, plans } = res.body.data as {
        data: { key: string; label: string }[];
        plans: { transaction_type: string; active: boolean; store_plan: boolean; price: number }[];
      };
      expect(tabs.length).toBeGreaterThan(0);
      for (const tab of tabs) expect(Object.keys(tab).sort()).toEqual(['key', 'label']);
      expect(tabs.map((x) => x.key)).toEqual([...new Set(plans.map((p) => p.transaction_type))]);
      expect(tabs).toContainEqual({ key: 'catalog_consultations', label: 'Consultas al catálogo' });
      expect(tabs.map((x) => x.key)).not.toContain('credit_studies');
      expect(plans.every((p) => p.active && !p.store_plan)).toBe(true);
      expect(res.body.metadata).toMatchObject({ total: plans.length, storePlans: 0, paymentCurrency: 'COP' });
      const subs = plans.filter((p) => p.transaction_type === 'substitutions_consultations').map((p) => p.price);
      expect(subs).toEqual([...subs].sort((a, b) => a - b));
    });

    it("getChargingPlansActive with storePlans=1 shows the stores' plans; a requested type without plans keeps its tab", async () => {
      const stores = await customer.get('/api/core/chargingPlans/getChargingPlansActive?storePlans=1');
      expect(stores.body.data.plans.length).toBeGreaterThan(0);
      expect(stores.body.data.plans.every((p: { store_plan: boolean }) => p.store_plan)).toBe(true);
      expect(stores.body.data.data).toContainEqual({ key: 'product_images', label: 'Imágenes de productos' });

      const empty = await customer.get(
        `/api/core/chargingPlans/getChargingPlansActive?filter=${encodeURIComponent('{"transaction_type":"credit_studies"}')}`,
      );
      expect(empty.body.data).toEqual({ data: [{ key: 'credit_studies', label: 'Estudios de crédito' }], plans: [] });
      expect((await customer.get('/api/core/chargingPlans/getChargingPlansActive?storePlans=2')).status).toBe(400);
    });

    it('getFreepublicationsinML answers the app parameter', async () => {
      const res = await new TestClient(t.url).get('/api/core/chargingPlans/getFreepublicationsinML');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ amount: 20 });
    });
  });

  describe('trial consultations', () => {
    it('a guest must log in first', async () => {
      const res = await new TestClient(t.url).post('/api/core/chargingPlans/requestTrialConsultation', {
        transactionType: 'catalog_consultations',
      });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'Login required', errors: ['Inicia sesión para solicitar una consulta de prueba.'] });
    });

    it('credits the trial once per person and type, and the counters show it', async () => {
      const before = await customer.get('/api/catalogo/catalogV2/getSearchesPerformed');
      expect(before.body.data.consultationsAvailable.amount).toBe(0);

      const first = await customer.post('/api/core/chargingPlans/requestTrialConsultation', { transactionType: 'catalog_consultations' });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ message: 'Solicitud enviada', transactionType: 'catalog_consultations', amount: 3 });
      expect(first.body.data.expiredDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(first.body.data.detail).toBe(`Te abonamos 3 consultas de prueba, válidas hasta el ${first.body.data.expiredDate}.`);
      const days = (Date.parse(first.body.data.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);

      const again = await customer.post('/api/core/chargingPlans/requestTrialConsultation', { transactionType: 'catalog_consultations' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        message: 'Trial already requested',
        errors: ['Ya usaste tu consulta de prueba de «Consultas al catálogo». Para seguir consultando, adquiere un plan.'],
      });

      const after = await customer.get('/api/catalogo/catalogV2/getSearchesPerformed');
      expect(after.body.data.consultationsAvailable.amount).toBe(3);
      const rows = await sql<{ source: string; amount: number }>(
        "select b.source, b.amount from trials tr join balances b on b.id = tr.balance_id where tr.type = 'catalog_consultations'",
      );
      expect(rows).toEqual([{ source: 'trial', amount: 3 }]);
      const credited = await sql<{ n: string }>(
        "select count(*) as n from outbox_events where type = 'ConsultationsCredited' and envelope->'payload'->>'source' = 'trial'",
      );
      expect(Number(credited[0]!.n)).toBe(1);
    });

    it('another type is another trial; concurrent requests still grant one', async () => {
      const workshop = await login('taller@tuerca.demo');
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          workshop.post('/api/core/chargingPlans/requestTrialConsultation', { transactionType: 'plate_consultations' }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      const plate = await workshop.get('/api/garage/vehicle/getConsultationsByPlateAvailable');
      // the seeded-free workshop has only what the trial gave (this database has no demo balances)
      expect(plate.body.data.consultationsAvailable.amount).toBe(3);
      const rows = await sql<{ n: string }>("select count(*) as n from balances where source = 'trial' and type = 'plate_consultations'");
      expect(Number(rows[0]!.n)).toBe(1);
    });

    it('refuses trials of non-consultation types and bad types with Spanish text', async () => {
      const store = await customer.post('/api/core/chargingPlans/requestTrialConsultation', { transactionType: 'store_implementation' });
      expect(store.status).toBe(400);
      expect(store.body).toMatchObject({ message: 'Trial not available' });
      expect(store.body.errors[0]).toMatch(/^Las consultas de prueba solo están disponibles/);
      const bad = await customer.post('/api/core/chargingPlans/requestTrialConsultation', { transactionType: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(['Valor inválido']);
      const rows = await sql<{ n: string }>("select count(*) as n from trials where type = 'store_implementation'");
      expect(Number(rows[0]!.n)).toBe(0);
    });
  });
});
