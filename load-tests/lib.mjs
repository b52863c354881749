// Shared pieces of the benchmarks: a server of the built app on its own database, and autocannon runs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A fresh database, migrated and seeded by the app's own CLI. */
export async function benchDatabase(label) {
  const name = `tuerca_bench_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/** Spawns the built app (services/app/dist/main.js) and waits until `readyUrl` answers 200. */
async function spawnApp(env, readyUrl) {
  const child = spawn(process.execPath, ['services/app/dist/main.js'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(readyUrl);
      if (r.status === 200) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

/**
 * Starts the built app and waits for /ready. `worker: true` starts it as deployed (docker-compose): the API in one
 * process (ROLE=api) and, beside it, a worker (ROLE=worker: outbox relays, consumer groups, jobs) for the same
 * contexts — so the background work a lookup causes (its events relayed and consumed) shares the machine's CPUs,
 * as in production, but not the API's event loop. Without it, one process does both (ROLE=all).
 */
export async function startServer(env, { worker = false } = {}) {
  const port = await freePort();
  const stops = [];
  if (worker) {
    const health = await freePort();
    stops.push(await spawnApp({ ...env, ROLE: 'worker', WORKER_HEALTH_PORT: String(health) }, `http://127.0.0.1:${health}/ready`));
  }
  const url = `http://127.0.0.1:${port}`;
  stops.push(await spawnApp({ ...env, ...(worker ? { ROLE: 'api' } : {}), PORT: String(port) }, `${url}/ready`));
  return {
    url,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/** One fixed-rate autocannon run; returns the numbers the reports print. */
export async function measure({ title, url, method = 'GET', headers = {}, body, setupRequest, rate, duration = 10, connections = 20 }) {
  const result = await autocannon({
    title,
    url,
    method,
    headers,
    body,
    duration,
    connections,
    overallRate: rate,
    requests: setupRequest ? [{ method, setupRequest }] : undefined,
  });
  return {
    title,
    rate: rate ?? 'max',
    requests: result.requests.total,
    throughput: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    // autocannon's percentiles jump from 90 to 97.5: p97.5 bounds a p95 target from above.
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function table(rows) {
  const head =
    '| scenario | target rate (req/s) | throughput (req/s) | p50 (ms) | p90 (ms) | p97.5 (ms) | p99 (ms) | max (ms) | errors | non-2xx |\n|---|---|---|---|---|---|---|---|---|---|';
  return [
    head,
    ...rows.map(
      (r) =>
        `| ${r.title} | ${r.rate} | ${r.throughput} | ${r.p50} | ${r.p90} | ${r.p97_5 ?? '—'} | ${r.p99} | ${r.max} | ${r.errors} | ${r.non2xx} |`,
    ),
  ].join('\n');
}

/**
 * Logs a demo account in and credits it a balance large enough for any run; returns its session cookie
 * and user id. `client` is a pg client on the benchmark's database.
 */
export async function benchPerson(serverUrl, client, type, email = 'taller@tuerca.demo') {
  const login = await fetch(`${serverUrl}/api/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD ?? 'Tuerca2026!' }),
  });
  if (login.status >= 300) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${serverUrl}/api/core/sessionControlData/0`, { headers: { cookie } })).json()).data.user.id;
  await client.query(
    `insert into billing.balances (id, user_id, type, amount, remaining, source, created_at, expires_at)
     values (gen_random_uuid(), $1, $2, 10000000, 10000000, 'manual', now(), now() + interval '90 days')`,
    [me, type],
  );
  return { cookie, me };
}

/**
 * The floor of any design that reads the database per request: a bare indexed read from Node, `connections`
 * clients back to back for `duration` s, one prepared statement, `values(i)` its parameters for the i-th read.
 */
export async function postgresFloor({ title, url, text, values, connections = 16, duration = 10 }) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const latencies = [];
  let i = 0;
  const end = Date.now() + duration * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint();
        await c.query({ name: 'floor', text, values: values(i++) });
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return {
    title,
    rate: 'max',
    requests: latencies.length,
    throughput: Math.round(latencies.length / duration),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
    errors: 0,
    non2xx: 0,
  };
}

/**
 * An open-loop run at a fixed arrival rate: request i is due at start + i/rate whatever the earlier ones
 * are doing (keep-alive sockets, as many as needed), and its latency counts from when it was due, so a
 * slow server cannot slow the arrivals down (no coordinated omission). autocannon's overallRate is a
 * per-connection quota per second instead: each connection sends its quota back to back at the start of
 * every second, so a row's latencies measure a burst of a whole second's requests (one autocannon row
 * per scale is kept for comparison with the other reports).
 */
export async function paced({ title, base, path, headers = {}, rate, duration: seconds = Number(process.env.BENCH_DURATION ?? 10) }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(base);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  let done = 0;
  const start = performance.now() + 50;
  await new Promise((resolve) => {
    let sent = 0;
    const finish = () => {
      if (++done === total) resolve();
    };
    const fire = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const due = start + (sent * 1000) / rate;
        const req = http.request({ host: target.hostname, port: target.port, path: path(sent), method: 'GET', headers, agent }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
            finish();
          });
        });
        req.on('error', () => {
          errors++;
          finish();
        });
        req.setTimeout(10000, () => req.destroy(new Error('timeout')));
        req.end();
        sent++;
      }
      if (sent < total) setTimeout(fire, Math.max(0, start + (sent * 1000) / rate - performance.now()));
    };
    setTimeout(fire, 50);
  });
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] * 10) / 10 : 0;
  return {
    title,
    rate,
    requests: done,
    throughput: Math.round(latencies.length / elapsed),
    p50: pct(50),
    p90: pct(90),
    p97_5: pct(97.5),
    p99: pct(99),
    max: Math.round(latencies.at(-1) ?? 0),
    errors,
    non2xx,
  };
}
