// Benchmark of garage's plate lookup path, human check included: every request carries its own solved ALTCHA
// payload (fetched from the server and solved here ahead of time), is verified, spent, metered by billing
// (authorize + consume), answered by the built-in registry and saved to the person's garage. A bare endpoint
// and the challenge endpoint of the same server run in the same session for comparison.
import { writeFileSync } from 'node:fs';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { benchDatabase, measure, runNode, startServer, table, benchPerson } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const RATES = [50, 150];
const PLATES = 8000;
const db = await benchDatabase('garage');
const env = {
  DATABASE_URL: db.url,
  INTERNAL_TOKEN: 'bench-internal-token-0123456789',
  SERVICES: 'identity,billing,garage',
  MIGRATE_ON_START: 'true',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  // Cheap puzzles so this script can solve thousands ahead of time. The server's check does not depend on the
  // difficulty: a deterministic challenge carries an HMAC of its key, so verifying is one HMAC either way.
  CAPTCHA_MAX_NUMBER: '50',
  CAPTCHA_COST: '1',
};
await runNode(['services/app/dist/cli/seed.js', '--scale', '1'], env);

const client = new pg.Client({ connectionString: db.url });
await client.connect();
// Fresh Colombian plates (3 letters + 3 digits), so every measured lookup is a charged, saved one.
await client.query(
  `insert into garage.registry_vehicles (country, plate, vin, make_key, make, model, year, engine_code, engine_number, chassis_number,
     cylinder_capacity, cylinders, fuel, vehicle_class, body_type, doors, color, city, country_of_origin)
   select 'CO', 'BN' || chr(65 + i / 1000) || lpad((i % 1000)::text, 3, '0'), '9GA' || lpad(i::text, 14, '0'), 'chevrolet', 'Chevrolet',
     'Onix', 2021, 'B10XE', 'B10XE' || lpad(i::text, 6, '0'), '9GA' || lpad(i::text, 14, '0'), 999, 3, 'Gasolina', 'Automóvil', 'Sedán', 4,
     'Rojo', 'Cali', 'Colombia'
   from generate_series(0, $1 - 1) as i
   on conflict do nothing`,
  [PLATES],
);
const plates = (await client.query("select plate from garage.registry_vehicles where plate like 'BN%' order by random()")).rows.map(
  (r) => r.plate,
);

const server = await startServer(env);
const rows = [];
try {
  const { cookie, me } = await benchPerson(server.url, client, 'plate_consultations');

  /** Solved payloads, as the widget would send them; each is accepted once. */
  async function payloads(n) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const challenge = await (await fetch(`${server.url}/api/garage/captcha/challenge`)).json();
      const solution = await solveChallenge({ challenge, deriveKey });
      out.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
    }
    return out;
  }

  // Guests meter per visitor: a request without a cookie is a new visitor, far below generous thresholds.
  const op = await fetch(`${server.url}/api/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'operador@tuerca.demo', password: process.env.DEMO_PASSWORD ?? 'Tuerca2026!' }),
  });
  const opCookie = op.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (const [name, value] of [
    ['plateFreeConsultationsWithLoginWarning', 10000],
    ['plateFreeConsultationsWhitouthLogin', 5000],
  ]) {
    const res = await fetch(`${server.url}/api/core/appParameters/${name}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: opCookie },
      body: JSON.stringify({ value }),
    });
    if (res.status !== 200) throw new Error(`PATCH ${name} answered ${res.status}`);
  }

  let plateCursor = 0;
  rows.push(await measure({ title: 'bare endpoint (GET /health)', url: `${server.url}/health`, duration, rate: 150 }));
  rows.push(
    await measure({
      title: 'captcha challenge (GET /api/garage/captcha/challenge)',
      url: `${server.url}/api/garage/captcha/challenge`,
      duration,
      rate: 150,
    }),
  );
  const started = Date.now();
  const solved = await payloads(
    RATES.reduce((sum, r) => sum + Math.ceil(r * duration * 1.1) + 20, 0) + Math.ceil(150 * duration * 1.1) + 20,
  );
  const solveMs = Date.now() - started;
  let payloadCursor = 0;
  const lookups = { before: (await client.query('select count(*)::int as n from billing.consumptions')).rows[0].n };
  for (const rate of RATES) {
    rows.push(
      await measure({
        title: 'premium plate lookup, captcha + metering + save to garage',
        url: `${server.url}/api/garage/vehicle/getVehicleForLicensePlatePremium`,
        headers: { cookie },
        setupRequest: (req) => {
          const q = new URLSearchParams({ licensePlate: plates[plateCursor++ % plates.length], reCaptcha: solved[payloadCursor++] ?? '' });
          return { ...req, headers: { cookie }, path: `/api/garage/vehicle/getVehicleForLicensePlatePremium?${q}` };
        },
        duration,
        rate,
        connections: 20,
      }),
    );
  }
  rows.push(
    await measure({
      title: 'premium plate lookup, a new guest per request (no garage save)',
      url: `${server.url}/api/garage/vehicle/getVehicleForLicensePlatePremium`,
      setupRequest: (req) => {
        const q = new URLSearchParams({ licensePlate: plates[plateCursor++ % plates.length], reCaptcha: solved[payloadCursor++] ?? '' });
        return { ...req, path: `/api/garage/vehicle/getVehicleForLicensePlatePremium?${q}` };
      },
      duration,
      rate: 150,
      connections: 20,
    }),
  );
  // autocannon stops without waiting for the requests in flight; let the server finish them before counting.
  await new Promise((r) => setTimeout(r, 2000));
  const consumed = (await client.query('select count(*)::int as n from billing.consumptions')).rows[0].n - lookups.before;
  const saved = (await client.query("select count(*)::int as n from garage.vehicles where user_id = $1 and source = 'plate-lookup'", [me]))
    .rows[0].n;
  const guestLookups = (await client.query("select count(*)::int as n from billing.consumptions where owner_kind = 'guest'")).rows[0].n;
  const events = (await client.query("select count(*)::int as n from garage.outbox_events where type = 'VehicleSavedToGarage'")).rows[0].n;
  const spent = (await client.query('select count(*)::int as n from garage.captcha_spent')).rows[0].n;
  const report = `# Garage plate lookup path\n\nRun ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${duration} s per scenario, 20 connections, loopback; identity, billing and garage in one process.\n\nEach lookup carries its own solved ALTCHA payload (${solved.length} solved ahead of time in ${solveMs} ms), is verified and spent, authorised and consumed by billing, answered by the built-in registry, saved to the person's garage with VehicleSavedToGarage, and records PlateLookedUp.\n\n${table(rows)}\n\nThe logged-in rows are one person: billing serialises one person's consumptions (an advisory lock per person and kind), and autocannon's connections fire together, so 20 lookups of that person queue behind each other; the guest row is many people.\n\nLookups charged: ${consumed}; vehicles saved: ${saved}; VehicleSavedToGarage events: ${events}; captchas spent: ${spent}. The person's charged lookups (${consumed - guestLookups}), vehicles saved and events must be equal; captchas spent = all lookups (${consumed}).\n`;
  writeFileSync('load-tests/reports/garage-plate.md', report);
  console.log(report);
} finally {
  await client.end();
  await server.stop();
  await db.drop();
}
