// Benchmark of the buyer's checkout path (issue #12) at scale 1 (BENCH_SCALE): each buyer adds a sale-model
// product to the cart (POST /api/cart/page/add), reads the cart as the checkout page does (GET
// itemsPendingShoppingCart) and buys it (POST /api/cart/cartShoppingHeader/makePurchase with the order modal's
// terms, a shipping address and a fresh Idempotency-Key): one transaction, stock held by a conditional update,
// the PurchasePlaced outbox row, then billing's payment request for it (in process, after the commit).
//
// Closed loop: BENCH_BUYERS buyers (default 16), each its own logged-in account, one checkout after another for
// BENCH_DURATION seconds (default 10) at 1, 4 and 16 buyers at a time; purchases per second are completed
// checkouts over the wall time, latencies are per checkout (the three calls) and per makePurchase. Two product
// mixes: 200 sale-model products of several stores (buyers rarely meet on a row), and one product every buyer
// buys (every purchase waits on the same stock row: the worst case of the conditional update).
//
// Setup that a real shop does not have, on the benchmark's own database: the buyers are copies of the demo
// customer (same password), and the chosen products get 1,000,000 units of stock so a run never sells out.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { benchDatabase, startServer } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4,16').split(',').map(Number);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Tuerca2026!';

const db = await benchDatabase('checkout');
const env = {
  DATABASE_URL: db.url,
  INTERNAL_TOKEN: 'bench-internal-token-0123456789',
  SERVICES: 'identity,billing,marketplace',
  MIGRATE_ON_START: 'true',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_LOGIN_PER_IP: '1000',
};

function seed() {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['services/app/dist/cli/seed.js', '--scale', String(scale)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve(Date.now() - started) : reject(new Error(`seed exited ${code}`))));
  });
}

const SHIPPING = {
  address: {
    country: 'CO',
    label: null,
    receiverName: 'Comprador de prueba',
    phone: '+573005551234',
    regionCode: '11',
    regionName: 'Bogotá D.C.',
    cityCode: '11001',
    cityName: 'Bogotá D.C.',
    neighborhood: null,
    postalCode: null,
    addressLine: 'Calle 68 # 10-20',
    notes: null,
  },
};

async function call(url, cookie, method, path, body, headers = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

async function login(url, email) {
  const res = await fetch(`${url}/api/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const at = (sorted, q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : 0);

/** `concurrency` buyers, each checking out one product after another for `duration` seconds. */
async function run(url, cookies, products, concurrency, title) {
  const checkout = [];
  const purchase = [];
  const failures = new Map();
  let next = 0;
  const started = performance.now();
  const end = started + duration * 1000;
  await Promise.all(
    cookies.slice(0, concurrency).map(async (cookie) => {
      while (performance.now() < end) {
        const productId = products[next++ % products.length];
        const t0 = performance.now();
        const add = await call(url, cookie, 'POST', '/api/cart/page/add', { productId, quantity: 1 });
        const items = await call(url, cookie, 'GET', '/api/cart/CartShopingPending/itemsPendingShoppingCart?module=cart');
        const line = items.json?.data?.find((l) => l.productId === productId);
        if (add.status !== 200 || !line) {
          const key = `add ${add.status} ${add.json?.errors?.[0] ?? ''}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
          continue;
        }
        const t1 = performance.now();
        const buy = await call(
          url,
          cookie,
          'POST',
          '/api/cart/cartShoppingHeader/makePurchase',
          { itemIds: [line.id], acceptTerms: true, comment: 'benchmark', shipping: SHIPPING },
          { 'idempotency-key': randomUUID() },
        );
        const t2 = performance.now();
        if (buy.status !== 200 || buy.json?.data?.transactions?.length !== 1 || !buy.json.data.transactions[0].payment) {
          const key = `makePurchase ${buy.status} ${buy.json?.errors?.[0] ?? buy.json?.metadata?.message ?? ''}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
          continue;
        }
        checkout.push(t2 - t0);
        purchase.push(t2 - t1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  checkout.sort((a, b) => a - b);
  purchase.sort((a, b) => a - b);
  return {
    title,
    concurrency,
    purchases: checkout.length,
    perSecond: Math.round((checkout.length / seconds) * 10) / 10,
    checkout: { p50: at(checkout, 0.5), p90: at(checkout, 0.9), p99: at(checkout, 0.99), max: at(checkout, 1) },
    purchase: { p50: at(purchase, 0.5), p99: at(purchase, 0.99) },
    failures: [...failures].map(([k, n]) => `${n}× ${k}`).join('; ') || '0',
    load: os.loadavg()[0].toFixed(1),
  };
}

const client = new pg.Client({ connectionString: db.url });
let server;
try {
  const seedMs = await seed();
  await client.connect();
  // Buyers: copies of the demo customer (sign-up complete, same password).
  await client.query(
    `insert into identity.users (id, email, password_hash, name, mobile, roles, sign_up_completed, country)
     select gen_random_uuid(), 'bench-buyer-' || g || '@tuerca.demo', u.password_hash, 'Comprador ' || g,
            '+57300' || lpad(g::text, 7, '0'), '{customer}', true, 'CO'
       from identity.users u, generate_series(1, $1) g where u.email = 'cliente@tuerca.demo'`,
    [BUYERS],
  );
  // 200 published (not depleted) sale-model, cart-bound products with a visible price in Colombian stores without a minimum purchase.
  const spread = (
    await client.query(
      `select p.id from marketplace.products p join marketplace.stores s on s.id = p.store_id
        where p.sales_model = 1 and p.state = 'published' and p.cart_type = 'cart' and not p.hide_prices and p.actual_price > 0
          and p.minimum_order_quantity <= 1 and s.country = 'CO' and not s.is_virtual and coalesce(s.minimum_purchase_value, 0) = 0
        order by p.id limit 200`,
    )
  ).rows.map((r) => r.id);
  if (spread.length < 200) throw new Error(`only ${spread.length} products fit`);
  await client.query(`update marketplace.products set inventario = 1000000, fecha_actualizacion = now() where id = any($1)`, [spread]);
  const stores = (await client.query('select count(distinct store_id)::int as n from marketplace.products where id = any($1)', [spread]))
    .rows[0].n;
  const sharedBuffers = (await client.query('show shared_buffers')).rows[0].shared_buffers;
  const synchronousCommit = (await client.query('show synchronous_commit')).rows[0].synchronous_commit;

  server = await startServer(env);
  const cookies = [];
  for (let i = 1; i <= BUYERS; i++) cookies.push(await login(server.url, `bench-buyer-${i}@tuerca.demo`));
  // Warm-up, unmeasured: each buyer's first checkout.
  await run(server.url, cookies, spread, BUYERS, 'warm-up').catch(() => undefined);

  const rows = [];
  for (const c of CONCURRENCY.filter((n) => n <= BUYERS))
    rows.push(await run(server.url, cookies, spread, c, `200 products, ${stores} stores`));
  for (const c of CONCURRENCY.filter((n) => n > 1 && n <= BUYERS))
    rows.push(await run(server.url, cookies, spread.slice(0, 1), c, 'one product for everyone'));

  // What the runs left behind: one transaction per completed checkout, stock never below zero.
  const check = (
    await client.query(
      `select (select count(*)::int from marketplace.transactions) as transactions,
              (select count(*)::int from marketplace.products where inventario < 0) as negative`,
    )
  ).rows[0];

  const head =
    '| products | buyers at a time | purchases | purchases/s | checkout p50 (ms) | p90 | p99 | max | makePurchase p50 | makePurchase p99 | failures | load avg (1 min) |\n|---|---|---|---|---|---|---|---|---|---|---|---|';
  const lines = rows.map(
    (r) =>
      `| ${r.title} | ${r.concurrency} | ${r.purchases} | ${r.perSecond} | ${r.checkout.p50} | ${r.checkout.p90} | ${r.checkout.p99} | ${r.checkout.max} | ${r.purchase.p50} | ${r.purchase.p99} | ${r.failures} | ${r.load} |`,
  );
  const report = `# Marketplace checkout (issue #12)

Run ${new Date().toISOString()} on ${process.platform}/${process.arch} (${os.cpus().length} CPUs, shared with other work: the 1-minute load average after each row is in the table); scale ${scale} (seeded in ${Math.round(seedMs / 1000)} s); one app process with identity, billing and marketplace (\`SERVICES=${env.SERVICES}\`, the outbox relay in it too) on loopback; PostgreSQL shared_buffers ${sharedBuffers}, synchronous_commit ${synchronousCommit}; ${duration} s per row, closed loop.

A checkout is what the console does after 'Comprar': POST /api/cart/page/add, GET itemsPendingShoppingCart, POST makePurchase (terms, shipping address, a fresh Idempotency-Key) — one transaction with its stock held by a conditional update, the PurchasePlaced outbox row, the cart line gone, and billing's payment request for it after the commit. Each buyer is its own account (${BUYERS} copies of the demo customer) and checks out one product after another; purchases/s counts completed checkouts over the row's wall time. The products get 1,000,000 units of stock on the benchmark's database so no run sells out.

${head}
${lines.join('\n')}

After the runs (warm-up included): ${check.transactions} transactions, ${check.negative} products with negative stock.
`;
  writeFileSync(process.env.BENCH_REPORT ?? 'load-tests/reports/marketplace-checkout.md', report);
  console.log(report);
} finally {
  await server?.stop();
  await client.end().catch(() => undefined);
  await db.drop();
}
