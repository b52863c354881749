// The worker's start, measured (issue "the worker's start"): a fresh database migrated by the product's own
// CLI, the Kafka test broker with every topic, and the built app started as compose starts the worker
// (SERVICES=all, ROLE=worker, EVENT_BUS=kafka). Prints the time from spawn to the log line "workers started"
// and to the first 200 of its /ready (every consumer group joined). Run `npm run build` first.
//   node load-tests/worker-readiness.mjs [runs]     (READY_DATABASE_BASE, READY_DB_PREFIX, READY_LOG)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { allTopics } from '@tuerca/contracts';
import { startKafkaTestBroker } from '../infra/kafka-test-broker/index.mjs';
import { run } from '../scripts/lib.mjs';

const runs = Number(process.argv[2] ?? 1);
const base = process.env.READY_DATABASE_BASE ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `${process.env.READY_DB_PREFIX ?? 'tuerca_ready'}_${process.pid}`;

if (!existsSync('services/app/dist/main.js')) {
  console.error('worker-readiness: services/app/dist/main.js is missing; run npm run build first.');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One start of the worker: milliseconds to "workers started" and to /ready answering 200. */
async function startOnce(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['services/app/dist/main.js'], {
    env: { ...env, WORKER_HEALTH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let workersStarted = null;
  const keep = (d) => {
    output = (output + d.toString()).slice(-20_000);
    if (workersStarted === null && output.includes('workers started')) workersStarted = performance.now() - started;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`worker exited ${child.exitCode}: ${output.slice(-3000)}`);
      if (performance.now() - started > 300_000) throw new Error(`worker not ready after 300 s: ${output.slice(-3000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(3000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { ready: performance.now() - started, workersStarted };
      await sleep(100);
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

await admin(`create database "${dbName}"`);
const broker = await startKafkaTestBroker({ partitions: 3, topics: allTopics() });
try {
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    DATABASE_URL: `${base}/${dbName}`,
    REDIS_URL: process.env.READY_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: dbName,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.READY_LOG ?? 'info',
    SERVICES: 'all',
    ROLE: 'worker',
    EVENT_BUS: 'kafka',
    KAFKA_BROKERS: broker.brokers.join(','),
  };
  if ((await run(process.execPath, ['services/app/dist/cli/migrate.js'], { env, stdio: 'ignore' })) !== 0)
    throw new Error('migrate failed');
  for (let i = 1; i <= runs; i++) {
    const r = await startOnce(env);
    console.log(
      `run ${i}: workers started ${r.workersStarted === null ? '?' : (r.workersStarted / 1000).toFixed(1)} s, /ready ${(r.ready / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await broker.stop();
  await admin(`drop database if exists "${dbName}" with (force)`);
}
