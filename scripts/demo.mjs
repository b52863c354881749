// npm run demo: checks PostgreSQL and Redis, builds, migrates, loads demo data and starts Tuerca on :8080.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { hostPort, npmBin, reachable, run } from './lib.mjs';

const env = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tuerca',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PORT: '8080',
  // #20 finding 5: the demo listens on this machine only unless HOST says otherwise.
  HOST: '127.0.0.1',
  PUBLIC_URL: 'http://localhost:8080',
  MIGRATE_ON_START: 'true',
  ...process.env,
};

const db = hostPort(env.DATABASE_URL, 5432);
const redis = hostPort(env.REDIS_URL, 6379);
const missing = [];
if (!(await reachable(db.host, db.port))) missing.push(`PostgreSQL at ${db.host}:${db.port} (DATABASE_URL)`);
if (!(await reachable(redis.host, redis.port))) missing.push(`Redis at ${redis.host}:${redis.port} (REDIS_URL)`);
if (missing.length > 0) {
  console.error(`\nTuerca's demo needs these services running and reachable:\n  - ${missing.join('\n  - ')}\n`);
  console.error('Start them (for example `pg_ctlcluster 15 main start` and `redis-server --daemonize yes`),');
  console.error('or point DATABASE_URL / REDIS_URL at running ones, then run `npm run demo` again.\n');
  process.exit(1);
}

// The demo database is created when missing.
const target = new URL(env.DATABASE_URL);
const dbName = decodeURIComponent(target.pathname.slice(1)) || 'tuerca';
const admin = new URL(env.DATABASE_URL);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
try {
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [dbName]);
  if (exists.rowCount === 0) {
    await client.query(`create database "${dbName.replace(/"/g, '""')}"`);
    console.log(`Created database ${dbName}`);
  }
} catch (err) {
  console.error(`Cannot prepare the database ${dbName}: ${err.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

const [npm, ...npmArgs] = npmBin;
if ((await run(npm, [...npmArgs, 'run', 'build'], { env })) !== 0) process.exit(1);

// #20 finding 5: no demo runs on the repository's secrets. Every variable whose default is a 'dev-only' value (the
// session secret, the internal token, the captcha key, the payment secrets…) gets a random one on the first run,
// kept in .demo-secrets.json (git-ignored) so sessions survive a restart; a variable set in the environment wins.
const SECRETS_FILE = '.demo-secrets.json';
const { allConfigDefaults } = await import('../services/app/dist/index.js');
const secrets = existsSync(SECRETS_FILE) ? JSON.parse(readFileSync(SECRETS_FILE, 'utf8')) : {};
let generated = 0;
for (const [key, value] of Object.entries(allConfigDefaults())) {
  if (typeof value !== 'string' || !value.startsWith('dev-only')) continue;
  if (!secrets[key]) {
    secrets[key] = randomBytes(32).toString('base64url');
    generated++;
  }
  env[key] ??= secrets[key];
}
if (generated > 0) {
  writeFileSync(SECRETS_FILE, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  console.log(`Generated ${generated} secrets for this demo in ${SECRETS_FILE}`);
}
if ((await run(process.execPath, ['services/app/dist/cli/seed.js', '--scale', env.DEMO_SCALE ?? '1'], { env })) !== 0) process.exit(1);
console.log(`\nTuerca starts on ${env.PUBLIC_URL} (Ctrl-C stops it). Demo accounts are listed in README.md.\n`);
process.exitCode = await run(process.execPath, ['services/app/dist/main.js'], { env });
