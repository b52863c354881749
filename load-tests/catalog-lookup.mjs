// Benchmark of the catalogue's lookups at a configurable catalogue size (BENCH_SCALE, default 100): OEM
// drill-down (catalogs that hold an OEM), substitutions of a reference (metered by billing: authorize +
// consume) and VIN/frame lookup. The database is fresh and seeded by the app's own CLI (the seeding time and
// row counts go into the report); a bare endpoint of the same server runs in the same session for comparison.
import { spawn } from 'node:child_process';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { benchDatabase, measure, paced, postgresFloor, startServer, table, benchPerson } from './lib.mjs';

/** The catalogue's real-world VIN set (public sources, each row naming its own; see the catalogue README). */
const realWorldVins = readFileSync(new URL('../services/catalog/test/fixtures/real-world-vins.csv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0]);

const duration = Number(process.env.BENCH_DURATION ?? 10);
const scale = Number(process.env.BENCH_SCALE ?? 100);
const RATES = [50, 200];
const SAMPLES = 2000;
/** Samples set aside for the warm-up (never measured): new OEMs and references, charged like the measured ones. */
const WARMUP_SAMPLES = 400;
const WARMUP_SECONDS = 4;
// A fresh database seeded by the app's CLI, unless BENCH_DATABASE_URL_<scale> names one already seeded at that
// scale (the CLI then keeps its data; the report says which).
const givenDatabase = process.env[`BENCH_DATABASE_URL_${scale}`];
const db = givenDatabase ? { url: givenDatabase, drop: async () => {} } : await benchDatabase('catalog');
const env = {
  DATABASE_URL: db.url,
  INTERNAL_TOKEN: 'bench-internal-token-0123456789',
  SERVICES: 'identity,billing,catalog',
  MIGRATE_ON_START: 'true',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
};

/**
 * Runs the seed CLI, echoing its output and keeping it (it prints each context's seeding time). A fresh database
 * gets every context; a given one only the contexts this bench serves, one after the other (its check of the
 * others — integrations' mirrored products at scale 100 — is minutes of loading that no row here reads).
 */
async function seed() {
  if (!givenDatabase) return cli('seed.js', ['--scale', String(scale)]);
  let out = await cli('migrate.js', []);
  for (const context of env.SERVICES.split(',')) out += await cli('seed.js', ['--scale', String(scale), '--context', context]);
  return out;
}

function cli(file, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`services/app/dist/cli/${file}`, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} exited ${code}`))));
  });
}

const client = new pg.Client({ connectionString: db.url });
let server;
try {
  const seedStarted = Date.now();
  const seedOutput = await seed();
  const seedMs = Date.now() - seedStarted;
  const perContext = [...seedOutput.matchAll(/Seeded (\w+) in (\d+) ms/g)].map((m) => `${m[1]} ${m[2]} ms`).join(', ');

  await client.connect();
  const counts = {};
  for (const t of ['catalogs', 'vehicles', 'vehicle_vins', 'vehicle_frames', 'units', 'parts', 'cross_references']) {
    counts[t] = (await client.query(`select count(*)::int as n from catalog.${t}`)).rows[0].n;
  }
  // Samples from the seeded tables, random across the whole catalogue (tablesample keeps it cheap at scale).
  // A 1% page sample can come back empty on a small catalogue: then take the rows themselves.
  const sample = async (column, table) => {
    const sampled = (
      await client.query(`select ${column} as v from catalog.${table} tablesample system (1) limit ${SAMPLES + WARMUP_SAMPLES}`)
    ).rows;
    const rows = sampled.length
      ? sampled
      : (await client.query(`select ${column} as v from catalog.${table} order by random() limit ${SAMPLES + WARMUP_SAMPLES}`)).rows;
    return rows.map((r) => r.v);
  };
  const sampledOems = await sample('oem', 'parts');
  const sampledReferences = await sample('part_formatted', 'cross_references');
  // The last WARMUP_SAMPLES of each are the warm-up's (when the sample is large enough to spare them).
  const spare = (list) => (list.length > SAMPLES ? list.length - Math.min(WARMUP_SAMPLES, list.length - SAMPLES) : list.length);
  const oems = sampledOems.slice(0, spare(sampledOems));
  const warmOems = sampledOems.slice(spare(sampledOems));
  const references = sampledReferences.slice(0, spare(sampledReferences));
  const warmReferences = sampledReferences.slice(spare(sampledReferences));
  const sampledVins = (
    await client.query(`select vin as v from catalog.vehicle_vins order by random() limit ${SAMPLES + WARMUP_SAMPLES}`)
  ).rows.map((r) => r.v);
  const vins = sampledVins.slice(0, spare(sampledVins));
  const warmVins = sampledVins.slice(spare(sampledVins));
  if (!oems.length || !references.length || !vins.length) throw new Error('the seeded catalogue has no OEMs, references or VINs to sample');
  await client.query(
    `insert into billing.app_parameters (name, value, updated_by) values ('substitutionsFreeConsultationsWithLogin', '1000000', 'bench')
     on conflict (name) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
  );

  // As deployed: the API in one process and a worker beside it (the charges' events are relayed and consumed there).
  server = await startServer(env, { worker: true });
  const { cookie } = await benchPerson(server.url, client, 'substitutions_consultations');

  // One request per sample, in turn; the first answer of each endpoint is checked before measuring.
  const endpoints = [
    { title: 'OEM drill-down (findCatalogsByOem)', path: '/api/catalogo/catalogV2/findCatalogsByOem', param: 'oem', values: oems },
    {
      // The same OEMs without the metered substitutions (searchSubstitutions=false): the lookup's own cost, apart from
      // billing's charge of each new OEM's substitutions to the one person.
      title: 'OEM drill-down, without substitutions (findCatalogsByOem, searchSubstitutions=false)',
      path: '/api/catalogo/catalogV2/findCatalogsByOem',
      param: 'oem',
      values: oems,
      extra: { searchSubstitutions: 'false' },
    },
    {
      title: 'substitutions, metered (getSubstitutions)',
      path: '/api/catalogo/catalogSubstitutions/getSubstitutions',
      param: 'reference',
      values: references,
    },
    { title: 'VIN lookup (vehicleByVinOrFrame)', path: '/api/catalogo/catalogV2/vehicleByVinOrFrame', param: 'vinOrFrame', values: vins },
    {
      // Real VINs of the region that are not in the catalogue's own index: the resolver decodes them and ranks
      // candidates (or names the vehicle it has no catalogue for) — the lookup's slow path.
      title: 'VIN lookup, real-world VINs (decoded, candidates)',
      path: '/api/catalogo/catalogV2/vehicleByVinOrFrame',
      param: 'vinOrFrame',
      values: realWorldVins,
    },
  ];
  const probes = [];
  for (const e of endpoints) {
    const res = await fetch(`${server.url}${e.path}?${new URLSearchParams({ [e.param]: e.values[0], ...e.extra })}`, {
      headers: { cookie },
    });
    probes.push(`${e.path}?${e.param}=${e.values[0]} → ${res.status}`);
    if (res.status !== 200) console.error(`probe ${e.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }

  // Warm-up, not measured: the server process is new, and its first requests of each path open pool connections,
  // prepare statements and compile the code (the first OEM row used to absorb that: p99 of hundreds of ms at 50 req/s
  // while the same row run again answered in tens). Each lookup WARMUP_SECONDS at 50 req/s on samples of its own.
  const warmups = [
    { path: endpoints[0].path, param: 'oem', values: warmOems.length ? warmOems : oems },
    { path: endpoints[1].path, param: 'oem', values: warmOems.length ? warmOems : oems, extra: endpoints[1].extra },
    { path: endpoints[2].path, param: 'reference', values: warmReferences.length ? warmReferences : references },
    { path: endpoints[3].path, param: 'vinOrFrame', values: warmVins.length ? warmVins : vins },
  ];
  for (const w of warmups)
    await paced({
      title: 'warm-up',
      base: server.url,
      path: (i) => `${w.path}?${new URLSearchParams({ [w.param]: w.values[i % w.values.length], ...w.extra })}`,
      headers: { cookie },
      rate: 50,
      duration: WARMUP_SECONDS,
    });

  // Open loop at a fixed arrival rate (lib.mjs `paced`: request i due at start + i/rate, latency from when it was
  // due). autocannon's overallRate sends each connection's quota per second back to back at the start of every
  // second — a burst of a whole second's requests —; one row under it is kept for comparison with older reports.
  const rows = [];
  for (const rate of RATES)
    rows.push(await paced({ title: 'bare endpoint (GET /health)', base: server.url, path: () => '/health', rate, duration }));
  const consumedBefore = (await client.query("select count(*)::int as n from billing.consumptions where kind = 'substitutions'")).rows[0].n;
  const pathOf = (e, i) => `${e.path}?${new URLSearchParams({ [e.param]: e.values[i % e.values.length], ...e.extra })}`;
  for (const e of endpoints) {
    let offset = 0;
    for (const rate of RATES) {
      const from = offset;
      rows.push(await paced({ title: e.title, base: server.url, path: (i) => pathOf(e, from + i), headers: { cookie }, rate, duration }));
      offset += rate * duration;
    }
  }
  // The same OEMs again (each within its window now, so not charged), under autocannon's overallRate: the bursts.
  let burstCursor = 0;
  rows.push(
    await measure({
      title: 'OEM drill-down, repeats, autocannon overallRate (bursty, see above)',
      url: `${server.url}${endpoints[0].path}`,
      headers: { cookie },
      setupRequest: (req) => ({ ...req, headers: { cookie }, path: pathOf(endpoints[0], burstCursor++) }),
      duration,
      rate: 200,
      connections: 20,
    }),
  );
  await new Promise((r) => setTimeout(r, 2000));
  const consumed =
    (await client.query("select count(*)::int as n from billing.consumptions where kind = 'substitutions'")).rows[0].n - consumedBefore;

  // Issue 21: beside each lookup, in the same run, the bare endpoint and a bare indexed PostgreSQL read of one
  // reference from Node (the floor of any design that reads the database per request), 16 connections each;
  // getSubstitutions for one person repeating references charged above (each within its 12-hour window).
  const closedRows = [];
  closedRows.push(await measure({ title: 'bare endpoint (GET /health)', url: `${server.url}/health`, duration, connections: 16 }));
  const repeats = references.slice(0, 50);
  let repeat = 0;
  const substitutionsRepeat = await measure({
    title: 'substitutions, metered, one person repeating within the window (getSubstitutions)',
    url: `${server.url}/api/catalogo/catalogSubstitutions/getSubstitutions`,
    headers: { cookie },
    setupRequest: (req) => ({
      ...req,
      headers: { cookie },
      path: `/api/catalogo/catalogSubstitutions/getSubstitutions?${new URLSearchParams({ reference: repeats[repeat++ % repeats.length] })}`,
    }),
    duration,
    connections: 16,
  });
  closedRows.push(substitutionsRepeat);
  const normalisedOems = (await client.query(`select oem_normalized as v from catalog.parts where oem = any($1)`, [oems])).rows.map(
    (r) => r.v,
  );
  const normalisedRefs = (
    await client.query(`select part_normalized as v from catalog.cross_references where part_formatted = any($1)`, [repeats])
  ).rows.map((r) => r.v);
  closedRows.push(
    await postgresFloor({
      title: 'PostgreSQL floor: indexed read of one OEM (parts) from Node',
      url: db.url,
      text: 'select part_id from catalog.parts where oem_normalized = $1 limit 20',
      values: (i) => [normalisedOems[i % normalisedOems.length]],
      duration,
    }),
  );
  closedRows.push(
    await postgresFloor({
      title: 'PostgreSQL floor: indexed read of one reference (cross_references) from Node',
      url: db.url,
      text: 'select oem_normalized from catalog.cross_references where part_normalized = $1 limit 20',
      values: (i) => [normalisedRefs[i % normalisedRefs.length]],
      duration,
    }),
  );
  const spentBefore = consumed;
  const consumedAfter =
    (await client.query("select count(*)::int as n from billing.consumptions where kind = 'substitutions'")).rows[0].n - consumedBefore;
  const oemAt200 = rows.find((r) => r.title.startsWith('OEM drill-down (') && r.rate === 200);
  const oemBareAt200 = rows.find((r) => r.title.startsWith('OEM drill-down, without') && r.rate === 200);
  const vinRows = rows.filter((r) => r.title.startsWith('VIN lookup'));
  const vinAt200 = rows.find((r) => r.title.startsWith('VIN lookup (') && r.rate === 200);
  const verdict = (ok) => (ok ? 'met' : '**missed**');
  const targets = `| target (issue 21; set for scale 100) | measured at scale ${scale} | |
|---|---|---|
| getSubstitutions, one person with a balance: ≥ 1,000 req/s, p99 ≤ 50 ms (repeats within the window) | ${substitutionsRepeat.throughput} req/s, p99 ${substitutionsRepeat.p99} ms (bare endpoint ${closedRows[0].throughput} req/s, PostgreSQL floor ${closedRows[3].throughput} req/s) | ${verdict(substitutionsRepeat.throughput >= 1000 && substitutionsRepeat.p99 <= 50)} |
| findCatalogsByOem p99 ≤ 50 ms at 200 req/s | p99 ${oemAt200?.p99} ms, ${oemAt200?.throughput} req/s served (PostgreSQL floor ${closedRows[2].throughput} req/s) | ${verdict(Boolean(oemAt200) && oemAt200.p99 <= 50 && oemAt200.throughput >= 190)} |
| the same without substitutions (not a target: the lookup apart from billing's charges) | p99 ${oemBareAt200?.p99} ms, ${oemBareAt200?.throughput} req/s served | ${verdict(Boolean(oemBareAt200) && oemBareAt200.p99 <= 50 && oemBareAt200.throughput >= 190)} |
| vehicleByVinOrFrame p99 ≤ 50 ms at 200 req/s (indexed VINs) | p99 ${vinAt200?.p99} ms, ${vinAt200?.throughput} req/s served | ${verdict(Boolean(vinAt200) && vinAt200.p99 <= 50 && vinAt200.throughput >= 190)} |
| VIN lookup p95 ≤ 100 ms (issue 14; read on p97.5, every VIN row) | p97.5 ${vinRows.map((r) => `${r.p97_5} ms`).join(' / ')} | ${verdict(vinRows.length > 0 && vinRows.every((r) => r.p97_5 <= 100))} |

Repeats within the window charged ${consumedAfter - spentBefore} consultations (must be 0).`;

  const countLine = Object.entries(counts)
    .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
    .join(', ');
  const sharedBuffers = (await client.query('show shared_buffers')).rows[0].shared_buffers;
  const autovacuum = (await client.query('show autovacuum')).rows[0].autovacuum;
  const report = `# Catalogue lookups\n\nRun ${new Date().toISOString()} on ${process.platform}/${process.arch} (${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at the end; PostgreSQL shared_buffers ${sharedBuffers}, autovacuum ${autovacuum}), catalogue scale ${scale}, ${duration} s per scenario, loopback; before the rows each lookup ran ${WARMUP_SECONDS} s at 50 req/s on samples of its own (a warm-up, not measured: the server process is new at each run); rows at a fixed rate are open loop (request i due at start + i/rate on keep-alive sockets, latency counted from when it was due), except the one marked autocannon (20 connections, its overallRate: one-second bursts); identity, billing and catalog served by one API process (\`ROLE=api\`) with a worker process beside it (\`ROLE=worker\`: relays, consumer groups, jobs), as docker-compose deploys them; one logged-in person (taller@tuerca.demo) with a large substitutions balance and \`substitutionsFreeConsultationsWithLogin\` = 1000000.\n\n${givenDatabase ? `Database given (BENCH_DATABASE_URL_${scale}, already seeded at scale ${scale}); migrated, and the seed CLI's check of the contexts served (${env.SERVICES}) took` : `Seeding (\`node services/app/dist/cli/seed.js --scale ${scale}\`, every context, migrations included):`} ${(seedMs / 1000).toFixed(1)} s (${perContext}).\n\nRows: ${countLine}.\n\nSamples: ${oems.length} OEMs, ${references.length} references, ${vins.length} VINs picked from the seeded tables, and the ${realWorldVins.length} VINs of the real-world set (services/catalog/test/fixtures/real-world-vins.csv), requested in turn. The VIN target (issue 14: p95 ≤ 100 ms) is read on the p97.5 column, which bounds p95 from above. First requests: ${probes.join('; ')}.\n\n${table(rows)}\n\nClosed loop, 16 connections, as fast as answered:\n\n${table(closedRows)}\n\n${targets}\n\nNon-2xx on the OEM drill-down are OEMs with no answer (404) if any; substitutions consumed by billing during the run: ${consumed}.\n`;
  // Each scale keeps its own report (the default, 100, the plain name).
  writeFileSync(`load-tests/reports/catalog-lookup${scale === 100 ? '' : `-scale${scale}`}.md`, report);
  console.log(report);
} finally {
  await client.end().catch(() => {});
  if (server) await server.stop();
  await db.drop();
}
