import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContextDatabase, EventBus } from '@tuerca/platform';
import { createTestDatabase, eventually, testConfig, type TestDatabase } from '@tuerca/platform/testing';
import { marketplaceDatabase } from '@tuerca/marketplace';
import { queueDeliveries } from '../src/store-api/store-api-deliveries.js';
import { SecretBox, newClientSecret } from '../src/store-api/secret-box.js';
import { StoreReceiver } from './store-receiver.js';

const MAIN = new URL('../../app/dist/main.js', import.meta.url).pathname;
const ORDERS = 12;
const KILLS = 6;
const SESSION_SECRET = 'store-api-fault-test-session-secret-0123456789';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/**
 * The store webhook survives a worker killed mid-delivery (DESIGN §2, issue #13): the marketplace's worker runs
 * as a child process (the built app, ROLE=worker) and is killed with SIGKILL while the store's API holds its
 * answer — after the store received (and applied) the order but before Tuerca heard back. Restarted, the worker
 * finds the lease run out and sends the same bytes under the same event id again; the store applies each event
 * id once. Every order ends delivered, none is applied twice, none is lost.
 */
describe('store webhooks: SIGKILL of the worker mid-delivery', () => {
  let tdb: TestDatabase;
  let db: ContextDatabase;
  let worker: ChildProcess | null = null;
  let healthPort = 0;
  const receiver = new StoreReceiver();
  let env: Record<string, string>;

  async function startWorker(): Promise<void> {
    healthPort = await freePort();
    worker = spawn(process.execPath, [MAIN], {
      env: { ...process.env, ...env, WORKER_HEALTH_PORT: String(healthPort), PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${healthPort}/ready`).catch(() => null);
      return res?.status === 200;
    }, 60_000);
  }

  async function killWorker(): Promise<void> {
    const w = worker!;
    const exited = new Promise((r) => w.once('exit', r));
    w.kill('SIGKILL');
    await exited;
    worker = null;
  }

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('The fault test runs the built app: run `npm run build` first (npm test does).');
    tdb = await createTestDatabase('storeapifault');
    const url = await receiver.start();
    receiver.failFirst = 0;
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: tdb.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `t${randomBytes(4).toString('hex')}`,
      SESSION_SECRET,
      SERVICES: 'marketplace',
      ROLE: 'worker',
      OUTBOX_POLL_MS: '50',
      MARKETPLACE_STORE_API_TIMEOUT_MS: '2000',
      MARKETPLACE_STORE_API_RETRY_BASE_MS: '50',
      MARKETPLACE_STORE_API_SWEEP_MS: '300',
    };
    const config = testConfig(env);
    await EventBus.migrate(config);
    db = await ContextDatabase.open(config, marketplaceDatabase);
    await db.migrate();

    // One store with an API client, ORDERS transactions, one pending delivery each (what the consumer writes).
    const storeId = randomUUID();
    const secret = newClientSecret();
    receiver.secret = secret;
    const em = db.em();
    await em.execute(
      `insert into stores (id, name, country, currency, city, is_virtual, show_product_references) values (?, 'Tienda API', 'CO', 'COP', 'Bogotá', false, true)`,
      [storeId],
    );
    await em.execute(
      `insert into store_api_clients (id, store_id, name, url, secret_ciphertext, secret_hint) values (?, ?, 'ERP', ?, ?, ?)`,
      [randomUUID(), storeId, url, new SecretBox(SESSION_SECRET).seal(secret), secret.slice(-4)],
    );
    await db.transactional(async (tx) => {
      for (let i = 0; i < ORDERS; i++) {
        const id = randomUUID();
        await tx.execute(
          `insert into transactions (id, ref_venta, buyer_id, store_id, channel, state, currency, country, subtotal_cents, total_cents, iva_rate, iva_cents, stock_state)
           values (?, ?, 'buyer-1', ?, 'order', 'awaiting_confirmation', 'COP', 'CO', 1000000, 1000000, 19, 159664, 'none')`,
          [id, `TU-F${String(i).padStart(6, '0')}`, storeId],
        );
        await queueDeliveries(tx as never, id, 'order.placed', new Date());
      }
    });
  }, 120_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    await receiver.stop();
    await db?.close();
    await tdb?.drop();
  });

  it(`delivers ${ORDERS} orders with ${KILLS} kills mid-delivery: each event id applied once, none lost`, async () => {
    // The store holds each answer 600 ms: long enough to kill the worker between "received" and "answered".
    receiver.holdMs = 600;
    await startWorker();
    let kills = 0;
    while (kills < KILLS) {
      const seen = receiver.received.length;
      await eventually(async () => receiver.received.length > seen, 30_000, 10);
      await killWorker();
      kills++;
      await startWorker();
    }
    receiver.holdMs = 0;

    const rows = await eventually(async () => {
      const r = await db
        .em()
        .execute<{ event_id: string; status: string; attempts: number }[]>('select event_id, status, attempts from store_api_deliveries');
      return r.length === ORDERS && r.every((d) => d.status === 'delivered') ? r : null;
      // A bound for a loaded machine (a full parallel test run): what is checked is none lost and each applied once.
    }, 240_000);
    const eventIds = rows.map((r) => r.event_id).sort();
    // Each event id applied exactly once by the store, and every one of them.
    expect([...receiver.applied].sort()).toEqual(eventIds);
    // Some arrived more than once (the kills), always with a valid signature and the same bytes.
    expect(receiver.received.length).toBeGreaterThan(ORDERS);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    for (const id of eventIds) expect(new Set(receiver.of(id).map((r) => r.body)).size).toBe(1);
    // The log shows the attempts the kills cut short (started, never finished).
    const [cut] = await db.em().execute<{ n: number }[]>('select count(*)::int as n from store_api_attempts where finished_at is null');
    expect(cut!.n).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
  }, 420_000);
});
