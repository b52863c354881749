// Benchmark of the marketplace's reads at two sizes (BENCH_SCALES, default "100,1"; about 10,000 products
// per scale unit): the part-number lookup (GET /api/catalogo/products/searchProductByReference, products
// with the reference and its substitutes) at fixed arrival rates stepped up until p99 passes 50 ms, the
// Spanish text search (GET /api/catalogo/products?filter={"search":...}) at 50 req/s, and beside them in the
// same run a bare endpoint (/health) of the same server and a bare indexed PostgreSQL read of one reference
// from Node (the floor of any design that reads the database per request). Issue 21's targets are printed
// met/missed under each scale. One app process (identity and marketplace) on loopback.
//
// Each scale gets a fresh database seeded by the app's own CLI (the seeding time goes into the report),
// unless BENCH_DATABASE_URL_<scale> names one already seeded at that scale (the CLI then keeps its data).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { benchDatabase, measure, paced, postgresFloor, startServer, table } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const scales = (process.env.BENCH_SCALES ?? '100,1').split(',').map(Number);
const LOOKUP_RATES = (process.env.BENCH_LOOKUP_RATES ?? '100,300,500,800,1000,1200,1500,2000').split(',').map(Number);
const P99_LIMIT = 50;
const SEARCH_RATE = 50;
const CONNECTIONS = 64;
const SAMPLES = 2000;
/** Issue 21's targets (scale 100, 2 cores, load generator on the same machine, one run). */
const TARGET = { p99At500: 25, closedLoopShare: 0.5, p50Ratio: 1.5, searchP99: 100 };
/** contracts' cleanReference: the normalised reference product_refs is keyed by. */
const cleanReference = (ref) =>
  ref
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
const QUERIES = [
  'filtro aceite',
  'pastillas de freno delanteras',
  'bujia',
  'amortiguador trasero',
  'filtro de aire',
  'bomba de agua',
  'kit de embrague',
  'disco de freno delantero',
  'correa de distribucion',
  'empaque de culata',
  'sensor de oxigeno',
  'rotula inferior',
  'filtro aceite chevrolet spark',
  'bujia ngk',
  'radiador toyota hilux',
  'terminal de direccion mazda',
  // typos
  'amortiguadr trasero',
  'pastilas de freno',
  'filtro de aseite',
  'bomba de agua renualt',
];

/** Runs the seed CLI on a database, echoing its output; returns the wall time and the per-context lines. */
function seed(env, scale, context) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['services/app/dist/cli/seed.js', '--scale', String(scale), ...(context ? ['--context', context] : [])],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve({
            ms: Date.now() - started,
            perContext: [...out.matchAll(/Seeded (\w+) in (\d+) ms/g)].map((m) => `${m[1]} ${m[2]} ms`).join(', '),
          })
        : reject(new Error(`seed exited ${code}`)),
    );
  });
}

/** A deterministic shuffle (the same order on every run). */
function shuffle(list) {
  let s = 2026;
  const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

async function login(serverUrl) {
  const res = await fetch(`${serverUrl}/api/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'taller@tuerca.demo', password: process.env.DEMO_PASSWORD ?? 'Tuerca2026!' }),
  });
  if (res.status >= 300) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function benchScale(scale) {
  const given = process.env[`BENCH_DATABASE_URL_${scale}`];
  const db = given ? { url: given, drop: async () => {} } : await benchDatabase(`market${scale}`);
  const env = {
    DATABASE_URL: db.url,
    INTERNAL_TOKEN: 'bench-internal-token-0123456789',
    SERVICES: 'identity,marketplace',
    MIGRATE_ON_START: 'true',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  };
  const client = new pg.Client({ connectionString: db.url });
  let server;
  try {
    // A database seeded before (BENCH_DATABASE_URL_<scale>): only the contexts this server runs are checked (each
    // keeps its data); the server migrates them on start. A fresh one: every context, migrations included.
    const seeded = given
      ? await (async () => {
          const started = Date.now();
          const parts = [];
          for (const context of ['identity', 'marketplace']) parts.push((await seed(env, scale, context)).perContext);
          return { ms: Date.now() - started, perContext: parts.filter(Boolean).join(', ') };
        })()
      : await seed(env, scale);
    await client.connect();
    const counts = {};
    for (const t of ['stores', 'products', 'product_search', 'product_refs', 'cross_references']) {
      counts[t] = (await client.query(`select count(*)::int as n from marketplace.${t}`)).rows[0].n;
    }
    // Real references: what sellers list (OEM and aftermarket numbers, random across the whole table), and
    // OEM numbers of the catalogue's cross-references (which have substitutes, sold or not).
    const pick = async (sql, n) => {
      const sampled = (await client.query(`${sql.replace('%S', 'tablesample system (2)')} limit ${n}`)).rows;
      return (sampled.length >= n / 4 ? sampled : (await client.query(`${sql.replace('%S', '')} order by random() limit ${n}`)).rows).map(
        (r) => r.v,
      );
    };
    const sold = await pick(`select referencia_1 as v from marketplace.products %S where state = 'published'`, (SAMPLES * 3) / 4);
    const withSubstitutes = await pick(`select oem_formatted as v from marketplace.cross_references %S`, SAMPLES / 4);
    const references = shuffle([...sold, ...withSubstitutes]);

    // As deployed: the API in one process and a worker beside it (the searches' events are relayed there).
    server = await startServer(env, { worker: true });
    const cookie = await login(server.url);
    // What the sampled references find (first 200, one at a time, before measuring).
    let found = 0;
    let withSubs = 0;
    let products = 0;
    let substitutions = 0;
    const probed = references.slice(0, 200);
    for (const reference of probed) {
      const res = await fetch(`${server.url}/api/catalogo/products/searchProductByReference?${new URLSearchParams({ reference })}`, {
        headers: { cookie },
      });
      if (res.status !== 200) throw new Error(`lookup of ${reference} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const { data } = await res.json();
      products += data.products.length;
      substitutions += data.productSubstitutions.length;
      if (data.products.length + data.productSubstitutions.length > 0) found++;
      if (data.productSubstitutions.length > 0) withSubs++;
    }
    const probe = await fetch(
      `${server.url}/api/catalogo/products?${new URLSearchParams({ filter: JSON.stringify({ search: QUERIES[16] }) })}`,
      {
        headers: { cookie },
      },
    );
    if (probe.status !== 200) throw new Error(`text search answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
    const probeBody = await probe.json();
    // A running server has served popular searches before: each text query once, unmeasured.
    // Their times are the text search's cache misses (every match read and ordered), one at a time.
    const textMisses = [];
    for (const query of QUERIES) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/catalogo/products?${new URLSearchParams({ filter: JSON.stringify({ search: query }) })}`, {
        headers: { cookie },
      });
      await res.arrayBuffer();
      textMisses.push(performance.now() - started);
    }
    textMisses.sort((a, b) => a - b);

    const rows = [];
    const lookup = [];
    const load = [os.loadavg()[0]];
    // Every request's path written once, before the rows: building it per request was the load generator's own work
    // (on the same two CPUs), which the bare endpoint's fixed path never paid.
    const lookupPaths = references.map(
      (reference) => `/api/catalogo/products/searchProductByReference?${new URLSearchParams({ reference })}`,
    );
    const lookupPath = (i) => lookupPaths[i % lookupPaths.length];
    rows.push(await paced({ title: 'bare endpoint (GET /health)', base: server.url, path: () => '/health', rate: 300 }));
    let offset = 0;
    for (const rate of LOOKUP_RATES) {
      const from = offset;
      offset += rate * duration;
      const r = await paced({
        title: 'part-number lookup (searchProductByReference)',
        base: server.url,
        path: (i) => lookupPath(from + i),
        headers: { cookie },
        rate,
      });
      rows.push(r);
      lookup.push(r);
      // Past the knee: p99 over the limit, or the server no longer keeps up with the offered rate (from 300 req/s on).
      if (rate >= 300 && (r.p99 > P99_LIMIT || r.throughput < rate * 0.95)) break;
    }
    const top = Math.max(...lookup.map((r) => r.throughput));
    const highest = Math.max(...lookup.map((r) => r.rate));
    rows.push(await paced({ title: 'bare endpoint (GET /health)', base: server.url, path: () => '/health', rate: highest }));
    rows.push(
      await paced({
        title: 'text search (products?filter={"search":…})',
        base: server.url,
        path: (i) => `/api/catalogo/products?${new URLSearchParams({ filter: JSON.stringify({ search: QUERIES[i % QUERIES.length] }) })}`,
        headers: { cookie },
        rate: SEARCH_RATE,
      }),
    );
    const search = rows.at(-1);
    // For comparison with the other reports: the same lookup under autocannon's per-second quotas.
    let cursor = 0;
    rows.push({
      ...(await measure({
        title: 'lookup, autocannon overallRate (bursty, see above)',
        url: `${server.url}/api/catalogo/products/searchProductByReference`,
        headers: { cookie },
        setupRequest: (req) => ({ ...req, path: lookupPath(cursor++) }),
        duration,
        rate: 300,
        connections: CONNECTIONS,
      })),
    });
    // Service time (one connection, back to back) and capacity (16 connections, as fast as answered): closed loop,
    // beside the same server's bare endpoint and the PostgreSQL floor, 16 connections each.
    const closed = {};
    for (const connections of [1, 16])
      rows.push(
        (closed[connections] = await measure({
          title: `lookup, ${connections} connection${connections > 1 ? 's' : ''} as fast as answered`,
          url: `${server.url}/api/catalogo/products/searchProductByReference`,
          headers: { cookie },
          setupRequest: (req) => ({ ...req, path: lookupPath(cursor++) }),
          duration,
          connections,
        })),
      );
    const bare16 = await measure({
      title: 'bare endpoint (GET /health), 16 connections as fast as answered',
      url: `${server.url}/health`,
      duration,
      connections: 16,
    });
    rows.push(bare16);
    const normalised = references.map(cleanReference);
    const floor16 = await postgresFloor({
      title: 'PostgreSQL floor: indexed read of one reference (product_refs) from Node, 16 connections',
      url: db.url,
      text: 'select product_id from marketplace.product_refs where ref = $1',
      values: (i) => [normalised[i % normalised.length]],
      connections: 16,
      duration,
    });
    rows.push(floor16);
    // Issue 21: "if one Node process is the limit, show what a second process adds". A second app process on the same
    // database (each resolves the same session itself), its cache warmed with every sampled reference like the first's,
    // then 8 connections to each process at once, as fast as answered: the sum, beside the one process's 16 connections.
    const second = await startServer({ ...env, ROLE: 'api' });
    let twoProcesses;
    try {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < references.length) {
            const res = await fetch(`${second.url}${lookupPath(next++)}`, { headers: { cookie } });
            await res.arrayBuffer();
          }
        }),
      );
      const cursors = [0, references.length / 2];
      const [a, b] = await Promise.all(
        [server.url, second.url].map((url, k) =>
          measure({
            title: `process ${k + 1}`,
            url: `${url}/api/catalogo/products/searchProductByReference`,
            headers: { cookie },
            setupRequest: (req) => ({ ...req, path: lookupPath(cursors[k]++) }),
            duration,
            connections: 8,
          }),
        ),
      );
      twoProcesses = {
        title: 'lookup, two app processes, 8 connections to each as fast as answered (throughput summed; latencies the worse of the two)',
        rate: 'max',
        requests: a.requests + b.requests,
        throughput: a.throughput + b.throughput,
        p50: Math.max(a.p50, b.p50),
        p90: Math.max(a.p90, b.p90),
        p97_5: Math.max(a.p97_5, b.p97_5),
        p99: Math.max(a.p99, b.p99),
        max: Math.max(a.max, b.max),
        errors: a.errors + b.errors,
        non2xx: a.non2xx + b.non2xx,
      };
      rows.push(twoProcesses);
    } finally {
      await second.stop();
    }
    load.push(os.loadavg()[0]);
    const ok = lookup.filter((r) => r.rate >= 300 && r.p99 <= P99_LIMIT && r.throughput >= r.rate * 0.95);
    return {
      scale,
      seeded,
      counts,
      sampled: { sold: sold.length, withSubstitutes: withSubstitutes.length },
      probe: {
        n: probed.length,
        found,
        withSubs,
        products,
        substitutions,
        corrected: probeBody.metadata?.corrected ?? null,
        total: probeBody.metadata?.total,
      },
      rows,
      lookupAt300: lookup.find((r) => r.rate === 300) ?? lookup[0],
      lookupAt500: lookup.find((r) => r.rate === 500) ?? null,
      lookup,
      bestRate: ok.length ? Math.max(...ok.map((r) => r.rate)) : null,
      top,
      search,
      closed16: closed[16],
      bare16,
      floor16,
      twoProcesses,
      textMisses,
      load,
    };
  } finally {
    await client.end().catch(() => {});
    if (server) await server.stop();
    await db.drop();
  }
}

// The server setting the text search depends on most (the matches' pages must stay in shared buffers).
const sharedBuffers = await (async () => {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const settings = (await client.query("select current_setting('shared_buffers') as sb, current_setting('autovacuum') as av")).rows[0];
    return `${settings.sb}, autovacuum ${settings.av}`;
  } finally {
    await client.end();
  }
})();
const results = [];
for (const scale of scales) results.push(await benchScale(scale));

const verdict = (ok) => (ok ? 'met' : '**missed**');
const pct = (a, b) => Math.round((100 * a) / Math.max(1, b));
const sections = results.map((r) => {
  const countLine = Object.entries(r.counts)
    .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
    .join(', ');
  return `## Scale ${r.scale}

Seeding (\`node services/app/dist/cli/seed.js --scale ${r.scale}\`, every context, migrations included; a few seconds when the database was seeded before): ${(r.seeded.ms / 1000).toFixed(1)} s (${r.seeded.perContext}). Load average ${r.load[0].toFixed(1)} before the rows, ${r.load[1].toFixed(1)} after.

Rows: ${countLine}.

Samples: ${r.sampled.sold} references sellers list (OEM and aftermarket numbers) and ${r.sampled.withSubstitutes} OEM numbers of the catalogue's cross-references, shuffled, requested in turn. Of the first ${r.probe.n}: ${r.probe.found} found something, ${r.probe.withSubs} with substitutions; ${r.probe.products} products and ${r.probe.substitutions} substitutions in all. Text-search probe '${QUERIES[16]}' → corrected '${r.probe.corrected}', ${r.probe.total} results.

${table(r.rows)}

| target (issue 21; set for scale 100) | measured at scale ${r.scale} | |
|---|---|---|
| lookup closed loop, 16 connections ≥ ${TARGET.closedLoopShare * 100} % of the bare endpoint's | ${r.closed16.throughput} vs ${r.bare16.throughput} req/s = ${pct(r.closed16.throughput, r.bare16.throughput)} % (PostgreSQL floor ${r.floor16.throughput} req/s; lookup = ${pct(r.closed16.throughput, r.floor16.throughput)} % of it) | ${verdict(r.closed16.throughput >= TARGET.closedLoopShare * r.bare16.throughput)} |
| lookup open loop p99 ≤ ${TARGET.p99At500} ms at 500 req/s | ${r.lookupAt500 ? `p99 ${r.lookupAt500.p99} ms, ${r.lookupAt500.throughput} req/s served` : 'not reached (the steps stopped before 500 req/s)'} | ${verdict(Boolean(r.lookupAt500) && r.lookupAt500.p99 <= TARGET.p99At500 && r.lookupAt500.throughput >= 475)} |
| text search p99 ≤ ${TARGET.searchP99} ms at ${SEARCH_RATE} req/s | p99 ${r.search.p99} ms | ${verdict(r.search.p99 <= TARGET.searchP99)} |

Also: lookup p99 ${r.lookupAt300.p99} ms at ${r.lookupAt300.rate} req/s; highest stepped rate with p99 ≤ ${P99_LIMIT} ms and served: ${r.bestRate ?? 'none'} req/s. Text search on a cache miss (the first search of each of the ${QUERIES.length} queries, one at a time, before the rows): median ${r.textMisses[Math.floor(r.textMisses.length / 2)].toFixed(1)} ms, slowest ${r.textMisses.at(-1).toFixed(1)} ms. A second app process: ${r.closed16.throughput} req/s with one process (16 connections) → ${r.twoProcesses.throughput} with two (8 connections each) = ${pct(r.twoProcesses.throughput, r.closed16.throughput)} % (${pct(r.twoProcesses.throughput, r.bare16.throughput)} % of one process's bare endpoint).
`;
});
const big = results.find((r) => r.scale === Math.max(...scales));
const small = results.find((r) => r.scale === Math.min(...scales));
const comparisons =
  big && small && big !== small
    ? big.lookup
        .filter((b) => small.lookup.some((r) => r.rate === b.rate))
        .map((b) => {
          const r = small.lookup.find((x) => x.rate === b.rate);
          const ratio = b.p50 / Math.max(1, r.p50);
          return `Lookup p50 at ${b.rate} req/s: scale ${big.scale} ${b.p50} ms vs scale ${small.scale} ${r.p50} ms = ${ratio.toFixed(2)}× (target ≤ ${TARGET.p50Ratio}×: ${verdict(ratio <= TARGET.p50Ratio)}).`;
        })
    : [];
const report = `# Marketplace lookups

Run ${new Date().toISOString()} on ${process.platform}/${process.arch} (${os.cpus().length} CPUs, shared with other work: the 1-minute load average is given per scale); ${duration} s per row at a fixed arrival rate, open loop (requests due every 1/rate s on keep-alive sockets, latency counted from when each was due), loopback; identity and marketplace served by one API process (\`SERVICES=identity,marketplace\`, \`ROLE=api\`) with a worker process beside it (\`ROLE=worker\`: relays, consumer groups, jobs), as docker-compose deploys them; one logged-in workshop (taller@tuerca.demo); before the rows, 200 lookups and each text query once, unmeasured; PostgreSQL shared_buffers ${sharedBuffers} (docker-compose.yml sets 2GB). The last three rows of each table are closed loop: the lookup under autocannon's overallRate (${CONNECTIONS} connections), as the other reports measure — autocannon gives each connection a quota per second that it sends back to back at the start of every second, so that row measures one-second bursts —, then one connection back to back (the service time) and 16 connections as fast as answered (the capacity); after the floor, a second API process on the same database (its cache warmed with the same references) and 8 connections to each of the two. Lookup rates step up (${LOOKUP_RATES.join(', ')}; 100 req/s is a reference point below capacity) and stop after the first row from 300 req/s whose p99 passes ${P99_LIMIT} ms or that serves under 95% of the offered rate.

${sections.join('\n')}
${comparisons.length ? comparisons.join('\n') : `Lookup p50 at scale 100 vs scale 1 (target ≤ ${TARGET.p50Ratio}×): not measured — this run measured scale ${scales.join(' and ')} only.${process.env.BENCH_NOTE ? ` ${process.env.BENCH_NOTE}` : ''}`}
`;
writeFileSync('load-tests/reports/marketplace-lookup.md', report);
console.log(report);
