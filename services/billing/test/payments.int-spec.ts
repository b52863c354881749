import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Clock, ContextDatabase, createRedis } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp, productionSecrets } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { CommandBus } from '@nestjs/cqrs';
import { BillingModule, billingConfig, type BillingConfig } from '@tuerca/billing';
import { ExpireBalance } from '../src/balances/expire-balance.command.js';

const DAY_MS = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Tx {
  id: string;
  reference: string;
  amount_in_cents: number;
  currency: string;
  status: string;
}

/**
 * Paying for a plan over HTTP against the real app (spec 000 §7 createNewTransaction, 001 §4 "Plan
 * purchase"), with the sandbox gateway signing like Wompi (DESIGN §7). Signatures are computed here
 * from the documented scheme, independently of the code under test.
 */
describe('plan payments over HTTP', () => {
  let t: TestHttpApp;
  let operator: TestClient;
  let buyer: TestClient;
  let buyerId: string;
  let planId: string;
  let inactivePlanId: string;
  let txCounter = 0;

  const db = (schema: 'identity' | 'billing'): ContextDatabase => t.db(schema);
  /** Billing's own configuration (the gateway's keys) as the app under test parsed it. */
  const payments = (): BillingConfig => t.app.get(billingConfig.token);
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => db('billing').em().execute<T[]>(query, params);
  const count = async (query: string, params: unknown[] = []) => Number((await sql<{ n: string }>(query, params))[0]!.n);

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return c;
  }

  /** A Wompi-shaped event, signed with the events secret over the listed properties, then the timestamp. */
  function event(tx: Tx, options: { secret?: string; properties?: string[]; event?: string; timestamp?: number } = {}) {
    const properties = options.properties ?? ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const data = { transaction: { ...tx, payment_method_type: 'CARD', redirect_url: 'http://localhost:8080/planes/resultado' } };
    const values = properties.map((p) => String(p.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], data)));
    const checksum = sha256(`${values.join('')}${timestamp}${options.secret ?? payments().PAYMENT_EVENTS_SECRET}`).toUpperCase();
    return {
      event: options.event ?? 'transaction.updated',
      data,
      environment: 'test',
      signature: { properties, checksum },
      timestamp,
      sent_at: new Date().toISOString(),
    };
  }

  const tx = (reference: string, status: string, over: Partial<Tx> = {}): Tx => ({
    id: `test-${++txCounter}-${reference}`,
    reference,
    amount_in_cents: 2_490_000,
    currency: 'COP',
    status,
    ...over,
  });

  const deliver = (body: unknown) => new TestClient(t.url).post('/api/billing/payments/events', body);

  async function startPayment(client: TestClient = buyer, plan = planId): Promise<string> {
    const res = await client.post('/api/core/transaction/createNewTransaction', { planId: plan });
    expect(res.status).toBe(201);
    return res.body.data.reference as string;
  }

  const catalogAvailable = async (client: TestClient = buyer) =>
    (await client.get('/api/catalogo/catalogV2/getSearchesPerformed')).body.data.consultationsAvailable.amount as number;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule], {
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
      // The expiry test moves the clock and runs the expiry itself: no background sweep in between.
      BILLING_DUTY_SWEEP_SECONDS: '3600',
    });
    await seedIdentity(db('identity'));
    operator = await login('operador@tuerca.demo');
    buyer = await login('cliente@tuerca.demo');
    buyerId = (await buyer.get('/api/core/sessionControlData/0')).body.data.user.id;
    const created = await operator.post('/api/core/chargingPlans/', {
      title: 'Catálogo 20 <original>',
      description: '20 consultas al catálogo',
      amount: 20,
      price: 24900,
      currency: 'COP',
      transaction_type: 'catalog_consultations',
    });
    expect(created.status).toBe(201);
    planId = created.body.data.id;
    const inactive = await operator.post('/api/core/chargingPlans/', {
      title: 'Plan inactivo',
      amount: 5,
      price: 5000,
      transaction_type: 'plate_consultations',
      active: false,
    });
    inactivePlanId = inactive.body.data.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('createNewTransaction', () => {
    it('a guest gets 401 Login required', async () => {
      const res = await new TestClient(t.url).post('/api/core/transaction/createNewTransaction', { planId });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Login required');
    });

    it('an incomplete sign-up gets 403 and the Spanish text', async () => {
      const res = await (await login('nuevo@tuerca.demo')).post('/api/core/transaction/createNewTransaction', { planId });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ message: 'Sign-up incomplete', errors: ['Debes completar tu registro para continuar'] });
    });

    it('an unknown, inactive or deleted plan is 404; a malformed id 400', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', inactivePlanId]) {
        const res = await buyer.post('/api/core/transaction/createNewTransaction', { planId: id });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          message: 'Plan not available',
          errors: ['El plan seleccionado no está disponible. Elige otro plan.'],
        });
      }
      const doomed = (
        await operator.post('/api/core/chargingPlans/', { title: 'Se borra', amount: 1, price: 100, transaction_type: 'orders' })
      ).body.data.id;
      await operator.request('DELETE', `/api/core/chargingPlans/${doomed}`);
      expect((await buyer.post('/api/core/transaction/createNewTransaction', { planId: doomed })).status).toBe(404);
      const bad = await buyer.post('/api/core/transaction/createNewTransaction', { planId: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(['Valor inválido']);
      expect(await count('select count(*) as n from payments')).toBe(0);
    });

    it('creates a PENDING payment and answers the signed gateway form', async () => {
      const res = await buyer.post('/api/core/transaction/createNewTransaction', { planId });
      expect(res.status).toBe(201);
      const form = res.body.data;
      expect(form.reference).toMatch(/^TUE-[A-Z2-7]{10}$/);
      expect(form).toMatchObject({
        amountInCents: 2_490_000,
        currency: 'COP',
        publicKey: payments().PAYMENT_PUBLIC_KEY,
        redirectUrl: `${t.config.PUBLIC_URL}/planes/resultado?reference=${form.reference}`,
        checkoutUrl: `${t.config.PUBLIC_URL}/api/billing/sandbox/checkout?reference=${form.reference}`,
        plan: { id: planId, amount: 20, validity_days: 90, transaction_type: 'catalog_consultations', price_label: '$ 24.900 COP' },
      });
      expect(form.signature.integrity).toBe(sha256(`${form.reference}2490000COP${payments().PAYMENT_INTEGRITY_SECRET}`));
      const rows = await sql(
        'select user_id, plan_id, type, consultations, validity_days, amount_in_cents, currency, status from payments where reference = ?',
        [form.reference],
      );
      expect(rows).toEqual([
        {
          user_id: buyerId,
          plan_id: planId,
          type: 'catalog_consultations',
          consultations: 20,
          validity_days: 90,
          amount_in_cents: '2490000',
          currency: 'COP',
          status: 'PENDING',
        },
      ]);
    });

    it('refuses a store plan to a workshop and a plan of another country, in Spanish (#20 finding 9)', async () => {
      const storePlan = (
        await operator.post('/api/core/chargingPlans/', {
          title: 'Implementación de tienda',
          amount: 1,
          price: 99000,
          transaction_type: 'store_implementation',
          store_plan: true,
        })
      ).body.data.id as string;
      const mexican = (
        await operator.post('/api/core/chargingPlans/', {
          title: 'Catálogo MX',
          amount: 20,
          price: 149,
          currency: 'MXN',
          transaction_type: 'catalog_consultations',
        })
      ).body.data.id as string;
      const workshop = await login('taller@tuerca.demo');
      const forStores = await workshop.post('/api/core/transaction/createNewTransaction', { planId: storePlan });
      expect(forStores.status).toBe(403);
      expect(forStores.body).toMatchObject({
        message: 'Plan not available',
        errors: ['Este plan es para tiendas y vendedores. Elige uno de los planes para personas.'],
      });
      const abroad = await workshop.post('/api/core/transaction/createNewTransaction', { planId: mexican });
      expect(abroad.status).toBe(403);
      expect(abroad.body.errors).toEqual(['Este plan se vende en México. Elige un plan de tu país.']);
      // A seller buys the store plan; a Mexican store admin the Mexican plan, but not a Colombian one.
      expect(
        (await (await login('vendedor@tuerca.demo')).post('/api/core/transaction/createNewTransaction', { planId: storePlan })).status,
      ).toBe(201);
      const bajio = await login('refaccionaria@tuerca.demo');
      expect((await bajio.post('/api/core/transaction/createNewTransaction', { planId: mexican })).status).toBe(201);
      expect((await bajio.post('/api/core/transaction/createNewTransaction', { planId })).status).toBe(403);
    });

    it('draws a new reference each time', async () => {
      const refs = await Promise.all([startPayment(), startPayment(), startPayment()]);
      expect(new Set(refs).size).toBe(3);
    });
  });

  describe('the gateway webhook', () => {
    it('refuses a bad checksum with 401, changes nothing and logs it as rejected', async () => {
      const reference = await startPayment();
      const forged = event(tx(reference, 'APPROVED'), { secret: 'not-the-events-secret' });
      const res = await deliver(forged);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'Invalid payment signature', errors: ['La firma del evento de pago no es válida.'] });

      // a genuine event whose amount was changed afterwards fails its checksum too
      const genuine = event(tx(reference, 'APPROVED'));
      genuine.data.transaction.amount_in_cents = 100;
      expect((await deliver(genuine)).status).toBe(401);
      // a checksum that leaves out a property we act on authenticates nothing
      const partial = event(tx(reference, 'APPROVED'), { properties: ['transaction.id', 'transaction.status'] });
      expect((await deliver(partial)).status).toBe(401);

      expect((await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status).toBe('PENDING');
      expect(await count('select count(*) as n from balances where payment_id is not null')).toBe(0);
      expect(await count("select count(*) as n from payment_events where reference = ? and outcome = 'rejected'", [reference])).toBe(3);
    });

    it('refuses a signed event whose amount or currency differ from the payment (409), crediting nothing', async () => {
      const reference = await startPayment();
      const cheaper = await deliver(event(tx(reference, 'APPROVED', { amount_in_cents: 100 })));
      expect(cheaper.status).toBe(409);
      expect(cheaper.body).toMatchObject({
        message: 'Payment mismatch',
        errors: ['El valor o la moneda del evento no coinciden con el pago.'],
      });
      const pesos = await deliver(event(tx(reference, 'APPROVED', { currency: 'MXN' })));
      expect(pesos.status).toBe(409);
      expect((await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status).toBe('PENDING');
      expect(await count("select count(*) as n from payment_events where reference = ? and outcome = 'mismatch'", [reference])).toBe(2);
      expect(await count('select count(*) as n from balances where payment_id is not null')).toBe(0);
      expect(await count("select count(*) as n from outbox_events where type = 'PlanPurchased'")).toBe(0);
    });

    it('answers 404 for an unknown reference and 400 for a malformed body, logging both', async () => {
      const unknown = await deliver(event(tx('TUE-AAAAAAAAAA', 'APPROVED')));
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors).toEqual(['No encontramos un pago con la referencia TUE-AAAAAAAAAA.']);
      expect(
        await count("select count(*) as n from payment_events where reference = 'TUE-AAAAAAAAAA' and outcome = 'unknown_reference'"),
      ).toBe(1);

      for (const body of [{}, { event: 'transaction.updated' }, '[]']) {
        const res = await deliver(body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual(['El evento de pago no tiene el formato esperado.']);
      }
      // authentic but without a usable transaction
      const broken = event(tx('TUE-BBBBBBBBBB', 'APPROVED'));
      (broken.data.transaction as Record<string, unknown>).status = 'MAYBE';
      broken.signature.checksum = sha256(
        `${broken.data.transaction.id}MAYBE${broken.data.transaction.amount_in_cents}${broken.timestamp}${payments().PAYMENT_EVENTS_SECRET}`,
      );
      expect((await deliver(broken)).status).toBe(400);
      expect(await count("select count(*) as n from payment_events where outcome = 'malformed'")).toBe(4);
    });

    it('acknowledges other kinds of events and PENDING transactions without changing anything', async () => {
      const reference = await startPayment();
      const other = await deliver(event(tx(reference, 'APPROVED'), { event: 'nequi_token.updated' }));
      expect(other.status).toBe(200);
      expect(other.body.data.outcome).toBe('ignored');
      const pending = await deliver(event(tx(reference, 'PENDING')));
      expect(pending.status).toBe(200);
      expect(pending.body.data).toEqual({ outcome: 'pending', reference, status: 'PENDING' });
      expect((await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status).toBe('PENDING');
    });

    it('credits an approval exactly once however often it is replayed, and shows the new balance', async () => {
      const before = await catalogAvailable();
      const reference = await startPayment();
      const approved = event(tx(reference, 'APPROVED'));
      const first = await deliver(approved);
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ outcome: 'applied', reference, status: 'APPROVED' });

      // the gateway retries (4 replays, concurrently) and a second APPROVED transaction for the same reference
      const replays = await Promise.all([...Array.from({ length: 4 }, () => deliver(approved)), deliver(event(tx(reference, 'APPROVED')))]);
      expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(replays.map((r) => r.body.data.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);

      expect(await catalogAvailable()).toBe(before + 20);
      const payment = (
        await sql<{ id: string; status: string; finalized_at: Date | null; balance_id: string }>(
          'select * from payments where reference = ?',
          [reference],
        )
      )[0]!;
      expect(payment.status).toBe('APPROVED');
      expect(payment.finalized_at).not.toBeNull();
      const balances = await sql<{ id: string; amount: number; source: string; expires_at: Date; created_at: Date }>(
        'select id, amount, source, expires_at, created_at from balances where payment_id = ?',
        [payment.id],
      );
      expect(balances).toHaveLength(1);
      expect(balances[0]).toMatchObject({ id: payment.balance_id, amount: 20, source: 'purchase' });
      expect(new Date(balances[0]!.expires_at).getTime() - new Date(balances[0]!.created_at).getTime()).toBe(90 * DAY_MS);

      const purchased = await sql<{ payload: Record<string, unknown> }>(
        "select envelope->'payload' as payload from outbox_events where type = 'PlanPurchased' and aggregate_id = ?",
        [payment.id],
      );
      expect(purchased).toHaveLength(1);
      expect(purchased[0]!.payload).toEqual({
        paymentId: payment.id,
        reference,
        userId: buyerId,
        planId,
        type: 'catalog_consultations',
        amount: 20,
        priceInCents: 2_490_000,
        currency: 'COP',
      });
      expect(
        await count(
          "select count(*) as n from outbox_events where type = 'ConsultationsCredited' and envelope->'payload'->>'balanceId' = ?",
          [payment.balance_id],
        ),
      ).toBe(1);
      expect(await count("select count(*) as n from payment_events where reference = ? and outcome = 'applied'", [reference])).toBe(1);
      expect(await count("select count(*) as n from payment_events where reference = ? and outcome = 'duplicate'", [reference])).toBe(5);

      const view = await buyer.get(`/api/core/transaction/${reference}`);
      expect(view.status).toBe(200);
      expect(view.body.data).toMatchObject({
        reference,
        status: 'APPROVED',
        statusLabel: 'Pago aprobado',
        amountInCents: 2_490_000,
        currency: 'COP',
        priceLabel: '$ 24.900 COP',
        plan: { id: planId, title: 'Catálogo 20 <original>', transaction_type_label: 'Consultas al catálogo', amount: 20 },
        credited: { amount: 20, remaining: 20 },
        consultationsAvailable: { amount: before + 20 },
      });
      expect(view.body.data.detail).toMatch(/^Abonamos 20 consultas a tu cuenta, válidas hasta el \d{2}\/\d{2}\/\d{4}\.$/);
    });

    it('one gateway transaction cannot pay two payments', async () => {
      const first = await startPayment();
      const genuine = event(tx(first, 'APPROVED'));
      expect((await deliver(genuine)).status).toBe(200);
      // reference is not among the signed properties (as at Wompi): re-pointing a genuine event keeps its checksum
      const second = await startPayment();
      const repointed = { ...genuine, data: { transaction: { ...genuine.data.transaction, reference: second } } };
      const res = await deliver(repointed);
      expect(res.status).toBe(409);
      expect(res.body.errors).toEqual(['Esta transacción de la pasarela ya se aplicó a otro pago.']);
      expect((await sql<{ status: string }>('select status from payments where reference = ?', [second]))[0]!.status).toBe('PENDING');
    });

    it('a declined payment credits nothing, records PaymentDeclined, and stays declined', async () => {
      const before = await catalogAvailable();
      const reference = await startPayment();
      const res = await deliver(event(tx(reference, 'DECLINED')));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ outcome: 'applied', reference, status: 'DECLINED' });
      const late = await deliver(event(tx(reference, 'APPROVED')));
      expect(late.status).toBe(200);
      expect(late.body.data.outcome).toBe('duplicate');

      expect(await catalogAvailable()).toBe(before);
      const payment = (
        await sql<{ id: string; status: string; balance_id: string | null }>(
          'select id, status, balance_id from payments where reference = ?',
          [reference],
        )
      )[0]!;
      expect(payment).toMatchObject({ status: 'DECLINED', balance_id: null });
      expect(
        await count(
          "select count(*) as n from outbox_events where type = 'PaymentDeclined' and aggregate_id = ? and envelope->'payload'->>'status' = 'DECLINED'",
          [payment.id],
        ),
      ).toBe(1);
      expect(await count("select count(*) as n from outbox_events where type = 'PlanPurchased' and aggregate_id = ?", [payment.id])).toBe(
        0,
      );
      const view = await buyer.get(`/api/core/transaction/${reference}`);
      expect(view.body.data).toMatchObject({ status: 'DECLINED', statusLabel: 'Pago rechazado', credited: null });
    });
  });

  describe('GET /api/core/transaction/:reference', () => {
    it('is for its owner: others get 404, guests 401, a malformed reference 400', async () => {
      const reference = await startPayment();
      const mine = await buyer.get(`/api/core/transaction/${reference}`);
      expect(mine.body.data).toMatchObject({ status: 'PENDING', statusLabel: 'Pago pendiente', credited: null, finalizedAt: null });
      const other = await (await login('taller@tuerca.demo')).get(`/api/core/transaction/${reference}`);
      expect(other.status).toBe(404);
      expect(other.body.errors).toEqual(['No encontramos esta transacción.']);
      expect((await new TestClient(t.url).get(`/api/core/transaction/${reference}`)).status).toBe(401);
      const bad = await buyer.get('/api/core/transaction/no-es-referencia');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(['La referencia de pago no es válida.']);
    });
  });

  describe('the sandbox checkout', () => {
    it('shows the plan and the amount in its currency, with approve and decline buttons', async () => {
      const reference = await startPayment();
      // The page belongs to the payment's owner (the browser that started it carries the session).
      const res = await buyer.get(`/api/billing/sandbox/checkout?reference=${reference}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = res.body as string;
      expect(html).toContain('<html lang="es">');
      expect(html).toContain('Aprobar pago');
      expect(html).toContain('Rechazar pago');
      expect(html).toContain('$ 24.900 COP');
      expect(html).toContain(reference);
      // the operator's plan title is escaped, never markup
      expect(html).toContain('Catálogo 20 &lt;original&gt;');
      expect(html).not.toContain('<original>');
      expect(html).toContain(`action="/api/billing/sandbox/checkout/${reference}/pay"`);
    });

    it('approving posts a signed event through the webhook path, credits once and redirects (303) to the result page', async () => {
      const before = await catalogAvailable();
      const reference = await startPayment();
      const browser = buyer;
      const pay = () =>
        browser.request('POST', `/api/billing/sandbox/checkout/${reference}/pay`, 'outcome=APPROVED', {
          'content-type': 'application/x-www-form-urlencoded',
        });
      const res = await pay();
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${t.config.PUBLIC_URL}/planes/resultado?reference=${reference}`);
      expect((await pay()).status).toBe(303);
      expect(await catalogAvailable()).toBe(before + 20);
      expect(await count("select count(*) as n from payment_events where reference = ? and outcome = 'applied'", [reference])).toBe(1);
      expect(await count("select count(*) as n from payment_events where reference = ? and outcome = 'duplicate'", [reference])).toBe(1);
      const page = await browser.get(`/api/billing/sandbox/checkout?reference=${reference}`);
      expect(page.body).toContain('Este pago ya fue procesado: Pago aprobado.');
      expect(page.body).not.toContain('Aprobar pago');
    });

    it('declining credits nothing and redirects too', async () => {
      const before = await catalogAvailable();
      const reference = await startPayment();
      const res = await buyer.post(`/api/billing/sandbox/checkout/${reference}/pay`, { outcome: 'DECLINED' });
      expect(res.status).toBe(303);
      expect((await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status).toBe('DECLINED');
      expect(await catalogAvailable()).toBe(before);
    });

    it("is the owner's: a guest or another person gets 404 for the page and the buttons, and nothing changes (#20 finding 7)", async () => {
      const reference = await startPayment();
      const stranger = await login('taller@tuerca.demo');
      for (const client of [new TestClient(t.url), stranger]) {
        expect((await client.get(`/api/billing/sandbox/checkout?reference=${reference}`)).status).toBe(404);
        const pay = await client.post(`/api/billing/sandbox/checkout/${reference}/pay`, { outcome: 'APPROVED' });
        expect(pay.status).toBe(404);
        expect(pay.body.errors).toEqual(['Recurso no encontrado']);
      }
      expect((await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status).toBe('PENDING');
      expect(await count('select count(*) as n from payment_events where reference = ?', [reference])).toBe(0);
    });

    it('answers 404 for an unknown payment and 400 for bad input', async () => {
      const c = new TestClient(t.url);
      expect((await c.get('/api/billing/sandbox/checkout?reference=TUE-ZZZZZZZZZZ')).status).toBe(404);
      expect((await c.get('/api/billing/sandbox/checkout')).status).toBe(400);
      expect((await c.post('/api/billing/sandbox/checkout/TUE-ZZZZZZZZZZ/pay', { outcome: 'APPROVED' })).status).toBe(404);
      const reference = await startPayment();
      const bad = await c.post(`/api/billing/sandbox/checkout/${reference}/pay`, { outcome: 'MAYBE' });
      expect(bad.status).toBe(400);
      expect((await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status).toBe('PENDING');
    });

    it('does not exist in production', async () => {
      const production = await startTestHttpApp([BillingModule], {
        NODE_ENV: 'production',
        ...productionSecrets(billingConfig),
      });
      try {
        const c = new TestClient(production.url);
        const page = await c.get('/api/billing/sandbox/checkout?reference=TUE-AAAAAAAAAA');
        expect(page.status).toBe(404);
        expect((await c.post('/api/billing/sandbox/checkout/TUE-AAAAAAAAAA/pay', { outcome: 'APPROVED' })).status).toBe(404);
        expect((await c.get('/api/billing/sandbox/checkout?reference=bad')).status).toBe(404);
      } finally {
        await production.close();
      }
    });
  });

  describe('expiry of purchased consultations', () => {
    it('schedules the expiry and reminder jobs, stops counting at expiry and emits ConsultationsExpired', async () => {
      const walker = await login('vendedor@tuerca.demo');
      const walkerId = (await walker.get('/api/core/sessionControlData/0')).body.data.user.id as string;
      const reference = await startPayment(walker);
      expect((await deliver(event(tx(reference, 'APPROVED')))).status).toBe(200);
      expect(await catalogAvailable(walker)).toBe(20);
      const balanceId = (await sql<{ balance_id: string }>('select balance_id from payments where reference = ?', [reference]))[0]!
        .balance_id;

      const connection = createRedis(t.config.REDIS_URL, 'bullmq');
      const queue = new Queue('billing', { connection, prefix: `${t.config.REDIS_PREFIX}:jobs` });
      try {
        const delayed = (await queue.getDelayed()).filter((j) => (j.data as { id?: string }).id === balanceId);
        expect(delayed.map((j) => j.name).sort()).toEqual(['balance-expiry', 'balance-reminder']);
        const expiry = delayed.find((j) => j.name === 'balance-expiry')!;
        expect(expiry.timestamp + expiry.delay).toBeGreaterThan(Date.now() + 89 * DAY_MS);
        expect(expiry.timestamp + expiry.delay).toBeLessThan(Date.now() + 91 * DAY_MS);
      } finally {
        await queue.close();
        connection.disconnect();
      }

      const clock = t.app.get(Clock);
      const commands = t.app.get(CommandBus);
      const balances = { expire: (id: string): Promise<boolean> => commands.execute(new ExpireBalance(id)) };
      try {
        expect(await balances.expire(balanceId)).toBe(false); // a job that runs early changes nothing
        clock.advance(90 * DAY_MS + 60_000);
        // reads check expiresAt themselves: the job is a convenience, not the guard
        expect(await catalogAvailable(walker)).toBe(0);
        expect((await walker.get(`/api/core/transaction/${reference}`)).body.data.consultationsAvailable.amount).toBe(0);
        expect(await balances.expire(balanceId)).toBe(true);
        expect(await balances.expire(balanceId)).toBe(false);
      } finally {
        clock.reset();
      }
      const expired = await sql<{ payload: Record<string, unknown> }>(
        "select envelope->'payload' as payload from outbox_events where type = 'ConsultationsExpired' and aggregate_id = ?",
        [walkerId],
      );
      expect(expired).toEqual([{ payload: { balanceId, userId: walkerId, type: 'catalog_consultations', remaining: 20 } }]);
      expect(await catalogAvailable(walker)).toBe(0);
    });
  });
});
