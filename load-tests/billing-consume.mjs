// Benchmark of billing's consume path: consumptions per second on one hot balance, and the latency the
// metering call adds compared with a bare endpoint of the same server in the same run.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { benchDatabase, measure, runNode, startServer, table } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const db = await benchDatabase('billing');
const env = {
  DATABASE_URL: db.url,
  INTERNAL_TOKEN: 'bench-internal-token-0123456789',
  SERVICES: 'identity,billing',
  MIGRATE_ON_START: 'true',
};
await runNode(['services/app/dist/cli/migrate.js'], env);

const hotUser = randomUUID();
const people = Array.from({ length: 2000 }, () => randomUUID());
const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query(
  `insert into billing.balances (id, user_id, type, amount, remaining, source, created_at, expires_at)
   select gen_random_uuid(), u, 'plate_consultations', 10000000, 10000000, 'manual', now(), now() + interval '90 days'
   from unnest($1::text[]) as u`,
  [[hotUser, ...people]],
);
const server = await startServer(env);
const headers = { 'content-type': 'application/json', 'x-internal-token': env.INTERNAL_TOKEN };
const rows = [];
try {
  rows.push(await measure({ title: 'bare endpoint (GET /health)', url: `${server.url}/health`, duration, rate: 500 }));
  rows.push(
    await measure({
      title: 'metering status, one person',
      url: `${server.url}/internal/billing/metering/status`,
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'plate', who: { kind: 'user', id: hotUser } }),
      duration,
      rate: 500,
    }),
  );
  // One consume request body per call: a fresh request id, so each one really spends.
  const consume = (title, pickUser, rate) =>
    measure({
      title,
      url: `${server.url}/internal/billing/metering/consume`,
      method: 'POST',
      headers,
      setupRequest: (req) => ({
        ...req,
        headers,
        body: JSON.stringify({
          kind: 'plate',
          who: { kind: 'user', id: pickUser() },
          subject: `PLT${randomUUID().slice(0, 6)}`,
          requestId: randomUUID(),
        }),
      }),
      duration,
      rate,
      connections: 20,
    });
  for (const rate of [100, 300, undefined]) {
    rows.push(await consume(`consume, one hot balance${rate ? '' : ' (as fast as it goes)'}`, () => hotUser, rate));
  }
  for (const rate of [100, 300]) {
    rows.push(await consume('consume, 2000 different people', () => people[Math.floor(Math.random() * people.length)], rate));
  }
  // Requests still in flight when a run ends are finished by the server after it: let them land, then
  // read both numbers in one statement (one snapshot).
  await new Promise((r) => setTimeout(r, 2000));
  const totals = await client.query(
    'select (select sum(10000000 - remaining)::int from billing.balances) as spent, (select count(*)::int from billing.consumptions) as n',
  );
  const spent = { rows: [{ spent: totals.rows[0].spent }] };
  const consumed = { rows: [{ n: totals.rows[0].n }] };
  const report = `# Billing consume path\n\nRun ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${duration} s per scenario, 20 connections, loopback.\n\n${table(rows)}\n\nBalance spent: ${spent.rows[0].spent}; consumption rows: ${consumed.rows[0].n} (they must be equal: no double spend, no lost write).\n`;
  writeFileSync('load-tests/reports/billing-consume.md', report);
  console.log(report);
} finally {
  await client.end();
  await server.stop();
  await db.drop();
}
