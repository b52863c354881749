/**
 * The deployment as it runs, as processes (issue "scale out for real"): the Kafka test broker, PostgreSQL and
 * Redis of this machine, every app service of docker-compose.yml started exactly as compose configures it —
 * its command, its environment (interpolated as compose does, with generated secrets for `${X:?}`) — with only
 * addresses and paths adapted to loopback, and Debian's nginx running the edge's template rendered with the
 * nginx service's variables (upstreams on loopback). The journeys go through nginx only.
 *
 * The compose file and the template are read, so the two cannot drift from what runs: remove a context's
 * variable from compose, or a prefix's location from the template, and this test fails (README: proven once
 * each, with TOPOLOGY_COMPOSE_FILE / TOPOLOGY_NGINX_TEMPLATE pointing at a broken copy).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { ALL_ROUTES, allTopics } from '@tuerca/contracts';
import { TestClient, createTestDatabase, eventually, type TestDatabase } from '@tuerca/platform/testing';
import { startKafkaTestBroker } from '../../../infra/kafka-test-broker/index.mjs';
import { environmentOf, loadCompose, type ComposeService } from '../../../infra/test/compose-file.js';
import { NGINX_TEMPLATE, renderTemplate } from '../../../infra/test/nginx-template.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const COMPOSE_FILE = process.env.TOPOLOGY_COMPOSE_FILE ?? 'docker-compose.yml';
const TEMPLATE_FILE = process.env.TOPOLOGY_NGINX_TEMPLATE ?? NGINX_TEMPLATE;
const NGINX_BIN = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const APP_IMAGE_CMD = ['node', 'services/app/dist/main.js']; // the Dockerfile's CMD
const DEMO_PASSWORD = 'Tuerca2026!';

interface Proc {
  name: string;
  child: ChildProcess | null;
  env: Record<string, string>;
  /** The API port, or the worker's health port. */
  port: number;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the deployment topology, as processes behind nginx', () => {
  const compose = loadCompose(COMPOSE_FILE);
  const services = compose.services;
  const appServices = Object.entries(services).filter(
    ([, s]) => s.image === services.worker?.image && !s.profiles?.length && s.command === undefined,
  );
  const contexts = appServices.filter(([name]) => name !== 'worker').map(([name]) => name);
  /** What `.env` gives compose: every `${X:?…}` the file requires, generated like the recipe at its top. */
  const secrets: Record<string, string> = {};
  for (const s of Object.values(services))
    for (const entry of environmentOf(s).values())
      for (const m of (entry.raw ?? '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)) secrets[m[1]!] ??= randomBytes(32).toString('hex');
  const vars = { ...secrets, LOG_LEVEL: process.env.TOPOLOGY_LOG_LEVEL ?? 'warn' };

  const procs = new Map<string, Proc>();
  let tdb: TestDatabase;
  let broker: { brokers: string[]; stop(): Promise<void> };
  let dir: string;
  let nginx: ChildProcess | null = null;
  let edge: string;
  const redisPrefix = `topo${randomBytes(3).toString('hex')}`;

  /** A service's environment as compose gives it, with addresses and paths moved to this machine. */
  function envFor(name: string, service: ComposeService, ports: Map<string, number>, edgeUrl: string): Record<string, string> {
    const env: Record<string, string> = {};
    for (const [key, entry] of environmentOf(service, vars)) if (entry.value !== undefined) env[key] = entry.value;
    const local = (value: string) =>
      value.replace(/^(https?:\/\/)([a-z][a-z0-9_-]*):(\d+)/, (whole, scheme: string, host: string) =>
        ports.has(host) ? `${scheme}127.0.0.1:${ports.get(host)}` : whole,
      );
    for (const [key, value] of Object.entries(env)) if (/_URL$/.test(key)) env[key] = local(value);
    Object.assign(env, {
      DATABASE_URL: tdb.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: redisPrefix,
      KAFKA_BROKERS: broker.brokers.join(','),
      HOST: '127.0.0.1',
      PUBLIC_URL: edgeUrl,
      ...(env.STORAGE_DIR ? { STORAGE_DIR: join(dir, `storage-${name}`) } : {}),
    });
    if (ports.has(name)) {
      if (env.ROLE === 'worker') env.WORKER_HEALTH_PORT = String(ports.get(name));
      else env.PORT = String(ports.get(name));
    }
    return { PATH: process.env.PATH ?? '', ...env };
  }

  function run(cmd: string[], env: Record<string, string>): { status: number | null; output: string } {
    const r = spawnSync(process.execPath, cmd.slice(1), { cwd: ROOT, env, encoding: 'utf8', timeout: 240_000 });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  }

  function start(name: string): Promise<void> {
    const p = procs.get(name)!;
    const child = spawn(process.execPath, APP_IMAGE_CMD.slice(1), { cwd: ROOT, env: p.env, stdio: ['ignore', 'pipe', 'pipe'] });
    p.child = child;
    const keep = (d: Buffer) => {
      p.output.push(d.toString());
      if (p.output.length > 200) p.output.splice(0, 100);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    // The worker joins its 19 consumer groups eight at a time (EventBus.subscribeAll): 7–12 s alone with the
    // Kafka test broker (load-tests/worker-readiness.mjs), was 57 s alone; here, beside nine API processes starting
    // at once (ready in 42–45 s), 51 s, was 88 s one group after another.
    return ready(name);
  }

  async function ready(name: string, timeoutMs = 90_000): Promise<void> {
    const p = procs.get(name)!;
    await eventually(
      async () => {
        if (p.child?.exitCode !== null && p.child?.exitCode !== undefined)
          throw new Error(`${name} exited ${p.child.exitCode}: ${p.output.join('').slice(-2000)}`);
        const r = await fetch(`http://127.0.0.1:${p.port}/ready`, { signal: AbortSignal.timeout(3000) });
        return r.status === 200;
      },
      timeoutMs,
      250,
    ).catch((err: Error) => {
      throw new Error(`${name} is not ready: ${err.message}\n${p.output.join('').slice(-3000)}`);
    });
  }

  async function stop(name: string): Promise<void> {
    const child = procs.get(name)?.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  const client = () => new TestClient(edge);
  async function login(email: string): Promise<TestClient> {
    const c = client();
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return c;
  }

  beforeAll(async () => {
    if (!NGINX_BIN)
      throw new Error("The topology test runs Debian's nginx: `apt-get install -y nginx` (npm test installs it when it may).");
    if (!existsSync(join(ROOT, 'services/app/dist/main.js'))) throw new Error('Run `npm run build` first (npm test does).');
    expect(contexts.length).toBeGreaterThan(3);
    dir = mkdtempSync(join(tmpdir(), 'tuerca-topology-'));
    tdb = await createTestDatabase('topology');
    broker = await startKafkaTestBroker({ partitions: 3, topics: allTopics() });
    const ports = new Map<string, number>();
    for (const [name] of appServices) ports.set(name, await freePort());
    const edgePort = await freePort();
    edge = `http://127.0.0.1:${edgePort}`;

    // The one-shot services first, as compose orders them: migrate, then the demo data (`seed`, profile tools).
    for (const name of ['migrate', 'seed']) {
      const service = services[name]!;
      const cmd = [service.command].flat() as string[];
      const r = run(cmd, envFor(name, service, ports, edge));
      if (r.status !== 0) throw new Error(`${name} (${cmd.join(' ')}) failed: ${r.output.slice(-3000)}`);
    }

    for (const [name, service] of appServices)
      procs.set(name, { name, child: null, env: envFor(name, service, ports, edge), port: ports.get(name)!, output: [] });
    await Promise.all(appServices.map(([name]) => start(name)));

    // nginx: the template rendered with the nginx service's variables, upstreams and paths on this machine.
    const nginxEnv: Record<string, string> = {};
    for (const [key, entry] of environmentOf(services.nginx!, vars)) if (entry.value !== undefined) nginxEnv[key] = entry.value;
    for (const [key, value] of Object.entries(nginxEnv)) {
      const m = /^([a-z][a-z0-9_-]*):(\d+)$/.exec(value);
      if (key.endsWith('_UPSTREAM') && m && ports.has(m[1]!)) nginxEnv[key] = `127.0.0.1:${ports.get(m[1]!)}`;
    }
    // The console builds, where nginx's workers (an unprivileged user) can read them, as the image has them.
    const consoles = join(dir, 'html');
    cpSync(join(ROOT, 'consoles/customer/dist'), join(consoles, 'customer'), { recursive: true });
    cpSync(join(ROOT, 'consoles/admin/dist'), join(consoles, 'admin'), { recursive: true });
    chmodSync(dir, 0o755);
    Object.assign(nginxEnv, {
      NGINX_PORT: `127.0.0.1:${edgePort}`,
      CONSOLES_ROOT: consoles,
      NGINX_ACCESS_LOG: join(dir, 'access.log'),
      NGINX_RESOLVER: '127.0.0.1',
      // Debian's nginx (1.22) predates `resolve` on upstream servers; here they are fixed addresses.
      UPSTREAM_RESOLVE: '',
    });
    writeFileSync(join(dir, 'tuerca.conf'), renderTemplate(readFileSync(resolve(ROOT, TEMPLATE_FILE), 'utf8'), nginxEnv));
    // What the nginx image's own nginx.conf does around conf.d (paths moved into the test's folder).
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes 1;
error_log ${join(dir, 'error.log')} warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    client_body_temp_path ${join(dir, 'body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};
    sendfile on;
    keepalive_timeout 65;
    include ${join(dir, 'tuerca.conf')};
}
`,
    );
    const check = spawnSync(NGINX_BIN, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refuses the rendered template: ${check.stderr}`);
    nginx = spawn(NGINX_BIN, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    await eventually(async () => (await fetch(`${edge}/healthz`)).status === 200, 20_000, 100);
  }, 600_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    await Promise.all([...procs.keys()].map((name) => stop(name)));
    await broker?.stop();
    await tdb?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('every process is ready for its role, and nginx routes /health, /ready and each /ready/<context>', async () => {
    for (const [name, p] of procs) {
      const r = await fetch(`http://127.0.0.1:${p.port}/ready`);
      const body = (await r.json()) as { status: string; role: string; checks: Record<string, boolean> };
      expect([name, r.status, body.status]).toEqual([name, 200, 'ready']);
      if (name === 'worker') expect(body).toMatchObject({ role: 'worker', checks: { eventBus: true, consumers: true } });
      else expect(body).toMatchObject({ role: 'api', checks: { postgres: true, redis: true } });
    }
    const c = client();
    expect((await c.get('/health')).body).toEqual({ status: 'ok' });
    expect((await c.get('/ready')).status).toBe(200);
    for (const ctx of contexts) expect([ctx, (await c.get(`/ready/${ctx}`)).body.detail?.contexts]).toEqual([ctx, [ctx]]);
  });

  it('serves the consoles from nginx only, with their headers, and never /internal/*', async () => {
    const page = await fetch(`${edge}/catalogo/vehiculo/1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${edge}/admin/`)).status).toBe(200);
    // An API process answers the API only.
    for (const ctx of contexts) expect([ctx, (await fetch(`http://127.0.0.1:${procs.get(ctx)!.port}/`)).status]).toEqual([ctx, 404]);
    const internal = await client().post('/internal/billing/metering/status', { kind: 'catalog', who: { kind: 'guest', id: 'x' } });
    expect(internal.status).toBe(404);
  });

  it('one OpenAPI document of the whole API through nginx, and no 301 for the slashless chargingPlans', async () => {
    const docs = await client().get('/api/docs');
    expect(docs.status).toBe(200);
    const operations = Object.values(docs.body.paths as Record<string, Record<string, unknown>>).reduce(
      (n, p) => n + Object.keys(p).length,
      0,
    );
    expect(operations).toBeGreaterThanOrEqual(ALL_ROUTES.length);
    const bare = await client().get('/api/core/chargingPlans');
    expect(bare.status).not.toBe(301);
    expect(bare.headers.get('content-type')).toContain('application/json');
  });

  it('search, catalogue and metering across contexts, through nginx', async () => {
    const guest = client();
    const text = await guest.get(`/api/catalogo/products?filter=${encodeURIComponent('{"search":"pastillas de freno"}')}`);
    expect(text.status).toBe(200);
    expect(text.body.data.length).toBeGreaterThan(0);
    const workshop = await login('taller@tuerca.demo');
    const catalogs = await workshop.get('/api/catalogo/catalogV2/catalogs');
    expect(catalogs.status).toBe(200);
    expect(catalogs.body.data.length).toBeGreaterThan(0);
    // A guest's substitutions lookup: catalog asks billing (BILLING_URL) to meter it; billing's counter shows it.
    const before = (await guest.get('/api/catalogo/catalogSubstitutions/getUserConsultations')).body.data.searchesPerformed as number;
    const lookup = await guest.get('/api/catalogo/catalogSubstitutions/getSubstitutions?reference=WK616/1');
    expect(lookup.status).toBe(200);
    await eventually(
      async () => (await guest.get('/api/catalogo/catalogSubstitutions/getUserConsultations')).body.data.searchesPerformed === before + 1,
    );
  });

  it('a plan purchase approved by the gateway’s signed event credits the balance', async () => {
    const workshop = await login('taller@tuerca.demo');
    const plans = await workshop.get('/api/core/chargingPlans/getChargingPlansActive');
    const plan = (plans.body.data.plans as { id: string; transaction_type: string; currency: string }[]).find(
      (p) => p.transaction_type === 'catalog_consultations' && p.currency === 'COP',
    )!;
    expect(plan).toBeDefined();
    const available = async () =>
      (await workshop.get('/api/catalogo/catalogV2/getSearchesPerformed')).body.data.consultationsAvailable.amount as number;
    const before = await available();
    const started = await workshop.post('/api/core/transaction/createNewTransaction', { planId: plan.id });
    expect(started.status).toBe(201);
    const form = started.body.data as { reference: string; amountInCents: number; currency: string };
    // The gateway's event (Wompi's shape and checksum) reaches billing's public webhook through nginx.
    const transaction = {
      id: `topo-${form.reference}`,
      reference: form.reference,
      amount_in_cents: form.amountInCents,
      currency: form.currency,
      status: 'APPROVED',
    };
    const timestamp = Math.floor(Date.now() / 1000);
    const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
    const checksum = sha256(
      `${transaction.id}${transaction.status}${transaction.amount_in_cents}${timestamp}${secrets.PAYMENT_EVENTS_SECRET}`,
    ).toUpperCase();
    const delivered = await client().post('/api/billing/payments/events', {
      event: 'transaction.updated',
      data: { transaction },
      environment: 'prod',
      signature: { properties, checksum },
      timestamp,
      sent_at: new Date().toISOString(),
    });
    expect(delivered.status).toBe(200);
    await eventually(async () => (await available()) > before);
  });

  it('a quotation reaches the seller’s notification through Kafka and the worker', async () => {
    // A product sold by quotation in a Colombian store, from the demo data (the test reads the database to pick it).
    const db = new pg.Client({ connectionString: tdb.url });
    await db.connect();
    const [product] = await db
      .query<{ id: string }>(
        `select p.id from marketplace.products p join marketplace.stores s on s.id = p.store_id
         where p.sales_model = 3 and p.inventario > 0 and p.state = 'published' and s.country = 'CO' order by p.id limit 1`,
      )
      .then((r) => r.rows)
      .finally(() => db.end());
    expect(product).toBeDefined();
    const customer = await login('cliente@tuerca.demo');
    const asked = await customer.post('/api/cart/cartShoppingHeader/makeQuotation', {
      quantityquotation: '1',
      productidquotation: product!.id,
    });
    expect(asked.status).toBeLessThan(300);
    const operator = await login('operador@tuerca.demo');
    const filter = encodeURIComponent(JSON.stringify({ event_type: 'QuoteRequested' }));
    const messages = await eventually(async () => {
      const r = await operator.get(`/admin-api/notifications?filter=${filter}`);
      return r.status === 200 && r.body.length > 0 ? r.body : null;
    }, 60_000);
    expect(messages[0]).toMatchObject({ event_type: 'QuoteRequested', template: 'quote-requested' });
  });

  it('with billing down, a metered lookup answers 503 in Spanish and charges nothing; back up, it resumes', async () => {
    const guest = client();
    await guest.get('/api/catalogo/catalogSubstitutions/getUserConsultations');
    const before = (await guest.get('/api/catalogo/catalogSubstitutions/getUserConsultations')).body.data.searchesPerformed as number;
    await stop('billing');
    const down = await guest.get('/api/catalogo/catalogSubstitutions/getSubstitutions?reference=WK616/1');
    expect(down.status).toBe(503);
    expect(down.body.errors[0]).toMatch(/^Servicio intermitente/);
    await start('billing');
    expect((await guest.get('/api/catalogo/catalogSubstitutions/getUserConsultations')).body.data.searchesPerformed).toBe(before);
    expect((await guest.get('/api/catalogo/catalogSubstitutions/getSubstitutions?reference=WK616/1')).status).toBe(200);
  });
});
