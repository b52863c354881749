import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@tuerca/platform/testing';

const MAIN = new URL('../dist/main.js', import.meta.url).pathname;
const DEMO = new URL('../../../scripts/demo.mjs', import.meta.url).pathname;

function run(file: string, env: Record<string, string>, onReady?: (child: ReturnType<typeof spawn>, out: () => string) => void) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [file], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      onReady?.(child, () => stdout);
    });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The process as an operator runs it: configuration errors, graceful shutdown, the demo's checks. */
describe('the Tuerca process', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('Run `npm run build` first (npm test does).');
    db = await createTestDatabase('process');
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('refuses to start on a bad variable, naming it in one message', async () => {
    const r = await run(MAIN, { PORT: 'ochenta', EVENT_BUS: 'rabbitmq' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^Tuerca cannot start: Invalid configuration: PORT .*; EVENT_BUS /);
  });

  it('serves, then stops cleanly on SIGTERM', async () => {
    let signalled = false;
    const r = await run(
      MAIN,
      { DATABASE_URL: db.url, PORT: '0', MIGRATE_ON_START: 'true', LOG_LEVEL: 'info', REDIS_PREFIX: `proc${Date.now()}` },
      (child, out) => {
        if (!signalled && out().includes('"msg":"Tuerca listening"')) {
          signalled = true;
          child.kill('SIGTERM');
        }
      },
    );
    expect(signalled).toBe(true);
    // Nest closes the app, then re-raises the signal so the exit status says why the process ended.
    expect(r.code === 0 || r.signal === 'SIGTERM').toBe(true);
    expect(r.stdout).toContain('"msg":"stopped"');
  }, 60000);

  it('the demo says what it needs when PostgreSQL or Redis cannot be reached', async () => {
    const r = await run(DEMO, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/tuerca', REDIS_URL: 'redis://127.0.0.1:2' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('PostgreSQL at 127.0.0.1:1 (DATABASE_URL)');
    expect(r.stderr).toContain('Redis at 127.0.0.1:2 (REDIS_URL)');
  });
});
