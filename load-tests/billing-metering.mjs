// Benchmark of metering on the lookup path (issue "Lookups at the speed of the server itself"): one
// logged-in person with a balance asking getSubstitutions for the same reference again and again (every
// repeat within the 12-hour window, which must never wait on the charging lock), beside the server's bare
// endpoint and a bare indexed PostgreSQL read from Node in the same run; then billing's own calls over the
// internal route: a repeat within the window, and charges of one person (each a new subject).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { benchDatabase, benchPerson, measure, postgresFloor, startServer, table } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const CONNECTIONS = 16;
const db = await benchDatabase('metering');
const env = {
  DATABASE_URL: db.url,
  INTERNAL_TOKEN: 'bench-internal-token-0123456789',
  SERVICES: 'identity,billing,catalog',
  MIGRATE_ON_START: 'true',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
};

function seed() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['services/app/dist/cli/seed.js', '--scale', String(scale)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))));
  });
}

/**
 * The floor of one person's charges: each must commit before the next can see it, so they cannot go faster
 * than one-row commits in a row on this disk (synchronous_commit on).
 */
async function commitFloor(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  // A real table: a temporary one writes no WAL and would commit without waiting for the disk.
  await c.query('create table billing.floor_commits (id int)');
  const latencies = [];
  const end = Date.now() + Math.min(duration, 5) * 1000;
  while (Date.now() < end) {
    const t0 = process.hrtime.bigint();
    await c.query('insert into billing.floor_commits values (1)');
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  await c.query('drop table billing.floor_commits');
  await c.end();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return {
    title: 'PostgreSQL floor: one-row commits in a row (the ceiling of one person’s charges)',
    rate: 'max',
    requests: latencies.length,
    throughput: Math.round(latencies.length / Math.min(duration, 5)),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
    errors: 0,
    non2xx: 0,
  };
}

const client = new pg.Client({ connectionString: db.url });
let server;
try {
  await seed();
  await client.connect();
  const reference = (await client.query('select part_formatted as v from catalog.cross_references order by random() limit 1')).rows[0].v;
  // Every consultation is paid from the balance: no free allowance in the way.
  await client.query(
    `insert into billing.app_parameters (name, value, updated_by) values ('substitutionsFreeConsultationsWithLogin', '0', 'bench')
     on conflict (name) do update set value = excluded.value`,
  );
  server = await startServer(env);
  const { cookie, me } = await benchPerson(server.url, client, 'substitutions_consultations');
  const balanceId = (
    await client.query("select id from billing.balances where user_id = $1 and type = 'substitutions_consultations'", [me])
  ).rows[0].id;

  const path = `/api/catalogo/catalogSubstitutions/getSubstitutions?${new URLSearchParams({ reference })}`;
  const first = await fetch(`${server.url}${path}`, { headers: { cookie } });
  const firstBody = await first.json();
  if (first.status !== 200) throw new Error(`getSubstitutions answered ${first.status}: ${JSON.stringify(firstBody).slice(0, 300)}`);
  const probe = `${path} → ${first.status}, chargedFrom ${firstBody.metadata?.chargedFrom}`;

  const internal = { 'content-type': 'application/json', 'x-internal-token': env.INTERNAL_TOKEN };
  const who = { kind: 'user', id: me };
  const rows = [];
  rows.push(await measure({ title: 'bare endpoint (GET /health)', url: `${server.url}/health`, duration, connections: CONNECTIONS }));
  rows.push(
    await postgresFloor({
      title: 'PostgreSQL floor: indexed read of one row from Node',
      url: db.url,
      text: 'select remaining from billing.balances where id = $1',
      values: () => [balanceId],
      connections: CONNECTIONS,
      duration,
    }),
  );
  rows.push(await commitFloor(db.url));
  const spentBefore = (await client.query('select remaining from billing.balances where id = $1', [balanceId])).rows[0].remaining;
  for (const rate of [1000, undefined]) {
    rows.push(
      await measure({
        title: 'getSubstitutions, one person with a balance, a repeat within the window',
        url: `${server.url}${path}`,
        headers: { cookie },
        duration,
        rate,
        connections: CONNECTIONS,
      }),
    );
  }
  const spentByRepeats =
    spentBefore - (await client.query('select remaining from billing.balances where id = $1', [balanceId])).rows[0].remaining;
  rows.push(
    await measure({
      title: "billing's status alone (what authorize reads; internal route)",
      url: `${server.url}/internal/billing/metering/status`,
      method: 'POST',
      headers: internal,
      body: JSON.stringify({ kind: 'substitutions', who, subject: reference }),
      duration,
      connections: CONNECTIONS,
    }),
  );
  rows.push(
    await measure({
      title: "billing's consume alone, a repeat within the window (internal route)",
      url: `${server.url}/internal/billing/metering/consume`,
      method: 'POST',
      headers: internal,
      setupRequest: (req) => ({
        ...req,
        headers: internal,
        body: JSON.stringify({ kind: 'substitutions', who, subject: reference, requestId: randomUUID() }),
      }),
      duration,
      connections: CONNECTIONS,
    }),
  );
  const chargesBefore = (
    await client.query('select count(*)::int as n from billing.consumptions where owner_id = $1 and refunded_at is null', [me])
  ).rows[0].n;
  rows.push(
    await measure({
      title: 'charges of one person, each a new subject (internal route)',
      url: `${server.url}/internal/billing/metering/consume`,
      method: 'POST',
      headers: internal,
      setupRequest: (req) => ({
        ...req,
        headers: internal,
        body: JSON.stringify({ kind: 'substitutions', who, subject: `REF-${randomUUID().slice(0, 12)}`, requestId: randomUUID() }),
      }),
      duration,
      connections: CONNECTIONS,
    }),
  );
  await new Promise((r) => setTimeout(r, 2000));
  const totals = (
    await client.query(
      `select (select 10000000 - remaining from billing.balances where id = $1)::int as spent,
              (select count(*)::int from billing.consumptions where owner_id = $2 and refunded_at is null) as charged`,
      [balanceId, me],
    )
  ).rows[0];
  const charges = totals.charged - chargesBefore;
  const pgSettings = (await client.query("select current_setting('shared_buffers') as sb, current_setting('synchronous_commit') as sc"))
    .rows[0];
  const report = `# Billing metering on the lookup path\n\nRun ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${duration} s per scenario, ${CONNECTIONS} connections, loopback, catalogue scale ${scale}; identity, billing and catalog in one process; PostgreSQL shared_buffers ${pgSettings.sb}, synchronous_commit ${pgSettings.sc}. Rate 'max' is a closed loop.\n\nFirst request: ${probe}.\n\n${table(rows)}\n\nRepeats within the window spent ${spentByRepeats} consultations (must be 0). Charges of one person: ${charges} consumption rows, balance spent ${totals.spent} in all (one per charged consumption: no double spend).\n`;
  writeFileSync('load-tests/reports/billing-metering.md', report);
  console.log(report);
} finally {
  await client.end().catch(() => undefined);
  await server?.stop();
  await db.drop();
}
