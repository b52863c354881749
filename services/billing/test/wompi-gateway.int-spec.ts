import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { ReconcilePendingPayments } from '../src/payments/reconcile-payments.command.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PRIVATE_KEY = 'prv_test_tuerca_local_0123456789';
const INTEGRITY = 'test-wompi-integrity-secret-0123456789';
const EVENTS = 'test-wompi-events-secret-0123456789';

interface WompiTx {
  id: string;
  reference: string;
  amount_in_cents: number;
  currency: string;
  status: string;
  created_at: string;
}

/**
 * A local server that follows Wompi's published API for what billing calls: `GET /v1/transactions?reference=…`
 * with the private key as bearer (401 otherwise, Wompi's error body), answering `{ data: [transaction…] }`.
 * The outside service cannot be reached from these machines; this stands in for it.
 */
class LocalWompi {
  readonly transactions: WompiTx[] = [];
  readonly calls: string[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.calls.push(`${req.method} ${url.pathname}${url.search}`);
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${PRIVATE_KEY}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { type: 'INVALID_ACCESS_TOKEN', reason: 'Se esperaba una llave privada' } }));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1/transactions') {
        const reference = url.searchParams.get('reference');
        res.end(JSON.stringify({ data: this.transactions.filter((t) => t.reference === reference), meta: {} }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** PAYMENT_GATEWAY=wompi over HTTP: the hosted checkout link, signed events, and the status query that reconciles. */
describe('the Wompi gateway adapter', () => {
  const wompi = new LocalWompi();
  let t: TestHttpApp;
  let buyer: TestClient;
  let planId: string;
  let txCounter = 0;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    (t.db('billing') as ContextDatabase).em().execute<T[]>(query, params);

  /** Wompi's event, signed as its documentation describes: the listed properties' values, the timestamp, the events secret. */
  function event(tx: Omit<WompiTx, 'created_at'>, secret = EVENTS) {
    const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
    const timestamp = Math.floor(Date.now() / 1000);
    const checksum = sha256(`${tx.id}${tx.status}${tx.amount_in_cents}${timestamp}${secret}`).toUpperCase();
    return { event: 'transaction.updated', data: { transaction: tx }, environment: 'test', signature: { properties, checksum }, timestamp };
  }

  async function startPayment(): Promise<{ reference: string; checkoutUrl: string; amountInCents: number }> {
    const res = await buyer.post('/api/core/transaction/createNewTransaction', { planId });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const balance = async () =>
    Number((await sql<{ n: string | null }>(`select sum(remaining) as n from balances where type = 'catalog_consultations'`))[0]!.n ?? 0);

  beforeAll(async () => {
    await wompi.start();
    t = await startTestHttpApp([IdentityModule, BillingModule], {
      PAYMENT_GATEWAY: 'wompi',
      WOMPI_API_URL: `${wompi.url}/v1`,
      WOMPI_CHECKOUT_URL: 'https://checkout.wompi.co/p/',
      PAYMENT_PUBLIC_KEY: 'pub_test_tuerca_local',
      PAYMENT_PRIVATE_KEY: PRIVATE_KEY,
      PAYMENT_INTEGRITY_SECRET: INTEGRITY,
      PAYMENT_EVENTS_SECRET: EVENTS,
      PAYMENT_RECONCILE_AFTER_MINUTES: '10',
      BILLING_DUTY_SWEEP_SECONDS: '3600',
    });
    await seedIdentity(t.db('identity'));
    const operator = new TestClient(t.url);
    expect((await operator.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    buyer = new TestClient(t.url);
    expect((await buyer.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    const created = await operator.post('/api/core/chargingPlans/', {
      title: 'Catálogo 10',
      amount: 10,
      price: 19900,
      currency: 'COP',
      transaction_type: 'catalog_consultations',
    });
    expect(created.status).toBe(201);
    planId = created.body.data.id;
  }, 180000);

  afterAll(async () => {
    await t?.close();
    await wompi.stop();
  });

  it("sends the buyer to Wompi's hosted checkout with the public key, the amount and the integrity signature", async () => {
    const { reference, checkoutUrl, amountInCents } = await startPayment();
    const url = new URL(checkoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://checkout.wompi.co/p/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'public-key': 'pub_test_tuerca_local',
      currency: 'COP',
      'amount-in-cents': String(amountInCents),
      reference,
      'signature:integrity': sha256(`${reference}${amountInCents}COP${INTEGRITY}`),
    });
  });

  it('a signed event approves once; a tampered checksum is refused and changes nothing', async () => {
    const { reference, amountInCents } = await startPayment();
    const before = await balance();
    const tx = { id: `wompi-${++txCounter}`, reference, amount_in_cents: amountInCents, currency: 'COP', status: 'APPROVED' };
    const forged = event(tx, 'not-the-events-secret-0123456789');
    const refused = await new TestClient(t.url).post('/api/billing/payments/events', forged);
    expect(refused.status).toBe(401);
    expect(await balance()).toBe(before);

    const first = await new TestClient(t.url).post('/api/billing/payments/events', event(tx));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ outcome: 'applied', status: 'APPROVED' });
    const replay = await new TestClient(t.url).post('/api/billing/payments/events', event(tx));
    expect(replay.body.data.outcome).toBe('duplicate');
    expect((await balance()) - before).toBe(10);
  });

  it('a status query reconciles a payment whose event never arrived, once', async () => {
    const { reference, amountInCents } = await startPayment();
    const before = await balance();
    const commands = t.app.get(CommandBus);
    const clock = t.app.get(Clock);
    // Wompi approved it, but its event was lost.
    wompi.transactions.push(
      {
        id: `wompi-${++txCounter}`,
        reference,
        amount_in_cents: amountInCents,
        currency: 'COP',
        status: 'DECLINED',
        created_at: '2026-11-24T10:00:00.000Z',
      },
      {
        id: `wompi-${++txCounter}`,
        reference,
        amount_in_cents: amountInCents,
        currency: 'COP',
        status: 'APPROVED',
        created_at: '2026-11-24T10:05:00.000Z',
      },
    );
    // Too young to ask about: its event may still come.
    expect(await commands.execute(new ReconcilePendingPayments())).toMatchObject({ applied: 0 });
    expect(wompi.calls.some((c) => c.includes(reference))).toBe(false);
    clock.advance(11 * 60_000);
    try {
      const run = await commands.execute(new ReconcilePendingPayments());
      expect(run.applied).toBe(1);
      expect(wompi.calls).toContain(`GET /v1/transactions?reference=${reference}`);
      const [payment] = await sql<{ status: string; gateway_transaction_id: string }>(
        'select status, gateway_transaction_id from payments where reference = ?',
        [reference],
      );
      // The newest final transaction decides: the retry that was approved.
      expect(payment).toEqual({ status: 'APPROVED', gateway_transaction_id: `wompi-${txCounter}` });
      expect((await balance()) - before).toBe(10);
      // A second run asks about nothing (no payment is pending) and credits nothing more.
      expect(await commands.execute(new ReconcilePendingPayments())).toMatchObject({ applied: 0 });
      expect((await balance()) - before).toBe(10);
    } finally {
      clock.reset();
    }
  });
});
