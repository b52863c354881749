import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../config/config.js';
import { loadContextConfig, type ContextConfigDefinition } from '../config/context-config.js';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file; dropped afterwards. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `tuerca_${label
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 20)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    // below the ORM: a database is created from the server's admin connection, before any ORM can open it.
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        // below the ORM: dropped from the admin connection, with (force) ending the test's leftover sessions.
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Configuration for tests: the real services on loopback, quiet logs, short polls. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_PREFIX: `t${randomBytes(4).toString('hex')}`,
    OUTBOX_POLL_MS: '100',
    VALIDATE_RESPONSES: 'true',
    ...overrides,
  });
}

/** Polls `probe` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20000, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

/**
 * Production-like settings for tests: every secret that has a dev-only default gets a real-looking value,
 * the kernel's and those of the context configurations given (`productionSecrets(garageConfig)`).
 */
export function productionSecrets(...contexts: ContextConfigDefinition[]): Record<string, string> {
  const defaults = {
    ...(loadConfig({}) as unknown as Record<string, unknown>),
    ...Object.fromEntries(contexts.flatMap((c) => Object.entries(loadContextConfig(c, {})))),
  };
  return Object.fromEntries(
    Object.entries(defaults)
      .filter(([, v]) => typeof v === 'string' && v.startsWith('dev-only'))
      .map(([k]) => [k, `test-${k.toLowerCase()}-${randomBytes(16).toString('hex')}`]),
  );
}
