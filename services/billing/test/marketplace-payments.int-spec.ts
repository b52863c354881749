import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { MARKETPLACE_PAYMENTS_PORT, type MarketplacePaymentRequest, type MarketplacePayments } from '@tuerca/contracts';
import { Clock, LocalPorts, RateLimiter, createRedis } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule, billingConfig, type BillingConfig } from '@tuerca/billing';
import { DutyScheduler } from '../src/duties/duty-scheduler.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MINUTE = 60_000;
const EVENTS_PER_MINUTE = 40;

type Row = Record<string, unknown>;

/**
 * The payments of marketplace transactions (issue "Checkout", billing's side; DESIGN §4): the port the
 * marketplace calls in process and over the internal route, one payment per transaction, the gateway's
 * signed events approving once or failing, expiry by alarm and sweep, the sandbox page for the buyer or a
 * payment link's holder only, and the webhook's limits (#20 finding 4). Signatures are computed here from
 * Wompi's documented scheme, independently of the code under test.
 */
describe('payments of marketplace transactions', () => {
  let t: TestHttpApp;
  let buyer: TestClient;
  let buyerId: string;
  let internal: TestClient;
  let port: MarketplacePayments;
  let clock: Clock;
  let txCounter = 0;

  const secrets = (): BillingConfig => t.app.get(billingConfig.token);
  const sql = <T = Row>(query: string, params: unknown[] = []) => t.db('billing').em().execute<T[]>(query, params);
  const count = async (query: string, params: unknown[] = []) => Number((await sql<{ n: string }>(query, params))[0]!.n);

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    expect((await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    return c;
  }

  /** What the marketplace would ask for a transaction placed now (stock reserved for 30 minutes). */
  const request = (over: Partial<MarketplacePaymentRequest> = {}): MarketplacePaymentRequest => ({
    transactionId: randomUUID(),
    refVenta: `TU-${String(1_000_000 + ++txCounter).padStart(7, '0')}`,
    buyerId,
    storeId: randomUUID(),
    storeName: 'Repuestos La 68 <Bogotá>',
    amountInCents: 11_900_000,
    currency: 'COP',
    expiresAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString(),
    returnUrl: `${t.config.PUBLIC_URL}/compras/resultado?ref=TU-${txCounter}`,
    kind: 'checkout',
    ...over,
  });

  /** A Wompi-shaped transaction.updated event, signed with the events secret. */
  function event(reference: string, status: string, over: { amount?: number; currency?: string; id?: string } = {}) {
    const transaction = {
      id: over.id ?? `wompi-${++txCounter}`,
      reference,
      amount_in_cents: over.amount ?? 11_900_000,
      currency: over.currency ?? 'COP',
      status,
      payment_method_type: 'NEQUI',
    };
    const timestamp = Math.floor(Date.now() / 1000);
    const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
    const checksum = sha256(`${transaction.id}${status}${transaction.amount_in_cents}${timestamp}${secrets().PAYMENT_EVENTS_SECRET}`);
    return { event: 'transaction.updated', data: { transaction }, environment: 'test', signature: { properties, checksum }, timestamp };
  }

  const deliver = (body: unknown, headers: Record<string, string> = {}) =>
    new TestClient(t.url, headers).post('/api/billing/payments/events', body);

  const eventsOf = (type: string, transactionId: string) =>
    sql<{ payload: Row }>(`select envelope->'payload' as payload from outbox_events where type = ? and aggregate_id = ? order by id`, [
      type,
      transactionId,
    ]);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule], {
      PAYMENT_EVENTS_PER_MINUTE: String(EVENTS_PER_MINUTE),
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    });
    await seedIdentity(t.db('identity'));
    buyer = await login('cliente@tuerca.demo');
    buyerId = (await buyer.get('/api/core/sessionControlData/0')).body.data.user.id;
    internal = new TestClient(t.url, { 'x-internal-token': t.config.INTERNAL_TOKEN });
    port = t.app.get(LocalPorts).get<MarketplacePayments>(MARKETPLACE_PAYMENTS_PORT)!;
    clock = t.app.get(Clock);
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    clock.reset();
    // The webhook's per-address limit counts every event of this file; each test starts with a fresh minute.
    const limiter = t.app.get(RateLimiter);
    for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await limiter.reset(`payment-events:${ip}`);
  });

  describe('asking for the payment of a transaction', () => {
    it('is served in process through LocalPorts and over the internal route, which needs the internal token', async () => {
      expect(port).toBeDefined();
      const r = request();
      const inProcess = await port.request(r);
      expect(inProcess).toMatchObject({
        transactionId: r.transactionId,
        status: 'PENDING',
        amountInCents: 11_900_000,
        currency: 'COP',
        expiresAt: r.expiresAt,
      });
      expect(inProcess.paymentReference).toMatch(/^TUE-[A-Z2-7]{10}$/);
      expect(inProcess.checkoutUrl).toBe(`${t.config.PUBLIC_URL}/api/billing/sandbox/checkout?reference=${inProcess.paymentReference}`);

      const overHttp = await internal.post('/internal/billing/marketplace-payments', r);
      expect(overHttp.status).toBe(200);
      expect(overHttp.body.data).toEqual(inProcess);

      expect((await new TestClient(t.url).post('/internal/billing/marketplace-payments', r)).status).toBe(403);
      const bad = await internal.post('/internal/billing/marketplace-payments', { ...r, amountInCents: -5 });
      expect(bad.status).toBe(400);
      const elsewhere = await internal.post('/internal/billing/marketplace-payments', request({ returnUrl: 'https://evil.example/ok' }));
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.errors).toEqual(['La dirección de regreso del pago debe ser de Tuerca.']);
    });

    it('answers the open payment again: a double click, a retry or ten tabs at once make one payment', async () => {
      const r = request();
      const answers = await Promise.all(Array.from({ length: 10 }, () => port.request(r)));
      expect(new Set(answers.map((a) => a.paymentReference)).size).toBe(1);
      expect(await count('select count(*) as n from payments where transaction_id = ?', [r.transactionId])).toBe(1);
      const row = (
        await sql('select purpose, user_id, ref_venta, store_name, kind, status from payments where transaction_id = ?', [r.transactionId])
      )[0];
      expect(row).toEqual({
        purpose: 'marketplace',
        user_id: buyerId,
        ref_venta: r.refVenta,
        store_name: 'Repuestos La 68 <Bogotá>',
        kind: 'checkout',
        status: 'PENDING',
      });
    });

    it('moves the end of the open payment to a later one asked for, and refuses another amount or an end already past', async () => {
      const r = request();
      const first = await port.request(r);
      const later = new Date(Date.parse(r.expiresAt) + 60 * MINUTE).toISOString();
      const again = await port.request({ ...r, expiresAt: later, kind: 'link' });
      expect(again.paymentReference).toBe(first.paymentReference);
      expect(again.expiresAt).toBe(later);
      const other = await internal.post('/internal/billing/marketplace-payments', { ...r, amountInCents: 100 });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({
        message: 'Payment mismatch',
        errors: ['Ya hay un pago abierto de esta compra por otro valor o en otra moneda.'],
      });
      const past = await internal.post(
        '/internal/billing/marketplace-payments',
        request({ expiresAt: new Date(Date.now() - MINUTE).toISOString() }),
      );
      expect(past.status).toBe(409);
      expect(past.body).toMatchObject({ message: 'Payment expired', errors: ['La fecha límite del pago ya pasó.'] });
    });
  });

  describe("the gateway's events", () => {
    it('approve once, however often replayed: one MarketplacePaymentApproved; asking again answers the paid payment', async () => {
      const r = request();
      const { paymentReference } = await port.request(r);
      const approved = event(paymentReference, 'APPROVED');
      const first = await deliver(approved);
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ outcome: 'applied', reference: paymentReference, status: 'APPROVED' });
      const replays = await Promise.all(Array.from({ length: 5 }, () => deliver(approved)));
      expect(replays.map((x) => [x.status, x.body.data.outcome])).toEqual(Array.from({ length: 5 }, () => [200, 'duplicate']));

      const paid = await eventsOf('MarketplacePaymentApproved', r.transactionId);
      expect(paid).toHaveLength(1);
      expect(paid[0]!.payload).toMatchObject({
        paymentReference,
        transactionId: r.transactionId,
        buyerId,
        amountInCents: 11_900_000,
        currency: 'COP',
        gateway: 'sandbox',
        gatewayTransactionId: approved.data.transaction.id,
      });
      expect(await eventsOf('PlanPurchased', r.transactionId)).toHaveLength(0);
      expect(await count('select count(*) as n from balances where reason = ?', [paymentReference])).toBe(0);

      const again = await port.request(r);
      expect(again).toMatchObject({ paymentReference, status: 'APPROVED' });
      expect(await count('select count(*) as n from payments where transaction_id = ?', [r.transactionId])).toBe(1);
    });

    it('a declined payment fails with MarketplacePaymentFailed and gives way to a new payment', async () => {
      const r = request();
      const first = await port.request(r);
      expect((await deliver(event(first.paymentReference, 'DECLINED'))).body.data.status).toBe('DECLINED');
      expect((await eventsOf('MarketplacePaymentFailed', r.transactionId)).map((e) => e.payload)).toEqual([
        {
          paymentId: expect.any(String),
          paymentReference: first.paymentReference,
          transactionId: r.transactionId,
          buyerId,
          status: 'DECLINED',
        },
      ]);
      const second = await port.request(r);
      expect(second.status).toBe('PENDING');
      expect(second.paymentReference).not.toBe(first.paymentReference);
      expect((await deliver(event(second.paymentReference, 'VOIDED'))).status).toBe(200);
      expect((await eventsOf('MarketplacePaymentFailed', r.transactionId)).map((e) => e.payload.status)).toEqual(['DECLINED', 'VOIDED']);
    });

    it('refuses a signed event for another amount (409) and a tampered checksum (401), changing nothing', async () => {
      const r = request();
      const { paymentReference } = await port.request(r);
      expect((await deliver(event(paymentReference, 'APPROVED', { amount: 100 }))).status).toBe(409);
      const tampered = event(paymentReference, 'APPROVED');
      tampered.signature.checksum = sha256('otra cosa');
      expect((await deliver(tampered)).status).toBe(401);
      expect((await sql<{ status: string }>('select status from payments where reference = ?', [paymentReference]))[0]!.status).toBe(
        'PENDING',
      );
      expect(await eventsOf('MarketplacePaymentApproved', r.transactionId)).toHaveLength(0);
    });
  });

  describe('expiry: the row is the duty, a job its alarm clock, the sweep its guarantee', () => {
    it('arms an alarm job at expiresAt, and the job expires the unpaid payment with MarketplacePaymentFailed (EXPIRED)', async () => {
      const r = request({ expiresAt: new Date(Date.now() + 1500).toISOString() });
      const { paymentReference } = await port.request(r);
      const id = (await sql<{ id: string }>('select id from payments where reference = ?', [paymentReference]))[0]!.id;
      const connection = createRedis(t.config.REDIS_URL, 'bullmq');
      const queue = new Queue('billing', { connection, prefix: `${t.config.REDIS_PREFIX}:jobs` });
      try {
        const alarm = await queue.getJob(`payment-expiry-${id}-${Date.parse(r.expiresAt)}`);
        expect(alarm?.name).toBe('payment-expiry');
      } finally {
        await queue.close();
        connection.disconnect();
      }
      await eventually(async () => {
        const rows = await sql<{ status: string }>('select status from payments where id = ?', [id]);
        return rows[0]!.status === 'EXPIRED';
      });
      expect((await eventsOf('MarketplacePaymentFailed', r.transactionId)).map((e) => e.payload.status)).toEqual(['EXPIRED']);
    });

    it('the sweep expires what is due even when no alarm ever rang; reads check the clock before it', async () => {
      const r = request({ expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString() });
      const { paymentReference } = await port.request(r);
      // The alarm is lost (Redis flushed, a job removed by hand): only the row remains.
      const id = (await sql<{ id: string }>('select id from payments where reference = ?', [paymentReference]))[0]!.id;
      const connection = createRedis(t.config.REDIS_URL, 'bullmq');
      const queue = new Queue('billing', { connection, prefix: `${t.config.REDIS_PREFIX}:jobs` });
      try {
        await (await queue.getJob(`payment-expiry-${id}-${Date.parse(r.expiresAt)}`))?.remove();
      } finally {
        await queue.close();
        connection.disconnect();
      }
      clock.advance(11 * MINUTE);
      // Before the sweep: the buyer's page already says it expired, and paying it does not pay it.
      const page = await buyer.get(`/api/billing/sandbox/checkout?reference=${paymentReference}`);
      expect(page.body).toContain('El plazo para pagar esta compra venció y no se hizo ningún cobro.');
      expect(page.body).not.toContain('Aprobar pago');
      const sweeper = t.app.get(DutyScheduler);
      expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
      expect((await sql<{ status: string }>('select status from payments where id = ?', [id]))[0]!.status).toBe('EXPIRED');
      expect(await sweeper.sweep()).toBe(0);
      expect(await eventsOf('MarketplacePaymentFailed', r.transactionId)).toHaveLength(1);
      // Asking again after the expiry gives a new payment (the marketplace reserved the stock again).
      clock.reset();
      const again = await port.request(request({ transactionId: r.transactionId }));
      expect(again.paymentReference).not.toBe(paymentReference);
    });

    it('an approval that arrives after the payment expired still approves it: the money is never lost', async () => {
      const r = request();
      const { paymentReference } = await port.request(r);
      clock.advance(31 * MINUTE);
      await t.app.get(DutyScheduler).sweep();
      clock.reset();
      const late = await deliver(event(paymentReference, 'APPROVED'));
      expect(late.body.data).toEqual({ outcome: 'applied', reference: paymentReference, status: 'APPROVED' });
      expect((await eventsOf('MarketplacePaymentFailed', r.transactionId)).map((e) => e.payload.status)).toEqual(['EXPIRED']);
      expect(await eventsOf('MarketplacePaymentApproved', r.transactionId)).toHaveLength(1);
    });
  });

  describe('the sandbox checkout of a purchase', () => {
    it("shows the buyer the store's name and the sale reference in Spanish, and approving pays once and returns to the store", async () => {
      const r = request();
      const { paymentReference, checkoutUrl } = await port.request(r);
      const page = await buyer.get(checkoutUrl.replace(t.config.PUBLIC_URL, ''));
      expect(page.status).toBe(200);
      const html = page.body as string;
      expect(html).toContain('<html lang="es">');
      expect(html).toContain('Pago de tu compra');
      expect(html).toContain('Repuestos La 68 &lt;Bogotá&gt;');
      expect(html).not.toContain('<Bogotá>');
      expect(html).toContain(r.refVenta);
      expect(html).toContain('$ 119.000 COP');
      expect(html).toMatch(/Paga antes del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de Bogotá\)\./);
      const pay = await buyer.request('POST', `/api/billing/sandbox/checkout/${paymentReference}/pay`, 'outcome=APPROVED', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(pay.status).toBe(303);
      expect(pay.headers.get('location')).toBe(r.returnUrl);
      expect(await eventsOf('MarketplacePaymentApproved', r.transactionId)).toHaveLength(1);
    });

    it("is the buyer's or the payment link holder's: strangers get 404, a link's token opens it to whoever has it", async () => {
      const r = request({ kind: 'link' });
      const link = await port.request(r);
      const token = new URL(link.checkoutUrl).searchParams.get('token');
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const stranger = await login('taller@tuerca.demo');
      const base = `/api/billing/sandbox/checkout?reference=${link.paymentReference}`;
      for (const client of [new TestClient(t.url), stranger]) {
        expect((await client.get(base)).status).toBe(404);
        expect((await client.get(`${base}&token=${'x'.repeat(32)}`)).status).toBe(404);
        expect((await client.post(`/api/billing/sandbox/checkout/${link.paymentReference}/pay`, { outcome: 'APPROVED' })).status).toBe(404);
      }
      // A workshop's customer, not logged in, pays with the link.
      const customer = new TestClient(t.url);
      const page = await customer.get(link.checkoutUrl.replace(t.config.PUBLIC_URL, ''));
      expect(page.status).toBe(200);
      expect(page.body).toContain(`name="token" value="${token}"`);
      const pay = await customer.post(`/api/billing/sandbox/checkout/${link.paymentReference}/pay`, { outcome: 'APPROVED', token });
      expect(pay.status).toBe(303);
      expect(await eventsOf('MarketplacePaymentApproved', r.transactionId)).toHaveLength(1);
      // The token of one payment opens no other.
      const other = await port.request(request({ kind: 'link' }));
      expect((await customer.get(`/api/billing/sandbox/checkout?reference=${other.paymentReference}&token=${token}`)).status).toBe(404);
    });
  });

  describe("the webhook's limits (#20 finding 4)", () => {
    it('refuses a body over 16 KB with 413 in Spanish before reading it', async () => {
      const big = { ...event('TUE-AAAAAAAAAA', 'APPROVED'), padding: 'x'.repeat(20 * 1024) };
      const res = await deliver(big);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        message: 'Payload too large',
        errors: ['El evento de pago es demasiado grande: el máximo es 16 KB.'],
      });
      expect(await count("select count(*) as n from payment_events where reference = 'TUE-AAAAAAAAAA'")).toBe(0);
    });

    it('keeps of a malformed or forged body only its hash, its size and its first kilobyte', async () => {
      const junk = { event: 'transaction.updated', junk: 'y'.repeat(10_000) };
      expect((await deliver(junk)).status).toBe(400);
      const forged = { ...event('TUE-BBBBBBBBBB', 'APPROVED'), note: 'z'.repeat(8_000) };
      forged.signature.checksum = sha256('falso');
      expect((await deliver(forged)).status).toBe(401);
      const rows = await sql<{ outcome: string; payload: { sha256: string; bytes: number; excerpt: string } }>(
        "select outcome, payload from payment_events where outcome in ('malformed', 'rejected') order by id desc limit 2",
      );
      expect(rows.map((x) => x.outcome)).toEqual(['rejected', 'malformed']);
      expect(rows[1]!.payload).toEqual({
        sha256: sha256(JSON.stringify(junk)),
        bytes: JSON.stringify(junk).length,
        excerpt: JSON.stringify(junk).slice(0, 1024),
      });
      expect(rows[0]!.payload.excerpt).toHaveLength(1024);
    });

    it("limits events per address: over the minute's allowance, 429 in Spanish and nothing logged", async () => {
      const before = await count('select count(*) as n from payment_events');
      const statuses: number[] = [];
      for (let i = 0; i < EVENTS_PER_MINUTE + 3; i++) statuses.push((await deliver({ event: 'nada' })).status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(EVENTS_PER_MINUTE);
      expect(statuses.slice(EVENTS_PER_MINUTE)).toEqual([429, 429, 429]);
      const limited = await deliver({ event: 'nada' });
      expect(limited.body).toMatchObject({
        message: 'Too many requests',
        errors: ['Demasiados eventos de pago desde esta dirección. Intenta de nuevo en un minuto.'],
      });
      expect(await count('select count(*) as n from payment_events')).toBe(before + EVENTS_PER_MINUTE);
    });
  });
});
