import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, ContextDatabase, EventBus, createRedis } from '@tuerca/platform';
import {
  TestClient,
  createTestDatabase,
  eventually,
  startTestHttpApp,
  testConfig,
  type TestDatabase,
  type TestHttpApp,
} from '@tuerca/platform/testing';
import { DEMO_PASSWORD, identityDatabase, seedIdentity } from '@tuerca/identity';
import { BillingModule, billingDatabase } from '@tuerca/billing';
import { CreditManually } from '../src/admin/credit-manually.command.js';
import { DutyScheduler } from '../src/duties/duty-scheduler.js';

const DAY = 86_400_000;
const CHILD = new URL('./fault/child.mjs', import.meta.url).pathname;
const BILLING_DIST = new URL('../dist/index.js', import.meta.url).pathname;

/**
 * Billing's time-based duties are rows written with the change (issue "Nothing lost"): a balance's
 * expiry and its reminder happen once whatever happens to their alarm jobs — run by the sweep when the
 * job never existed — including when the process dies between the commit and the scheduling.
 */
describe("billing's duties: rows, alarms and the sweep", () => {
  let t: TestHttpApp;
  let sweeper: DutyScheduler;
  let clock: Clock;

  beforeAll(async () => {
    // No background sweep: the test runs each sweep itself, with the clock where it wants it.
    t = await startTestHttpApp([BillingModule], { BILLING_DUTY_SWEEP_SECONDS: '3600' });
    sweeper = t.app.get(DutyScheduler);
    clock = t.app.get(Clock);
  });

  afterAll(async () => {
    await t?.close();
  });

  const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => t.db('billing').em().execute<T[]>(q, params);
  const events = (type: string, balanceId: string) =>
    sql(`select envelope->'payload' as payload from outbox_events where type = ? and envelope->'payload'->>'balanceId' = ?`, [
      type,
      balanceId,
    ]);

  it('writes the reminder with the credit, arms both alarms, and the sweep reminds and expires once each', async () => {
    const userId = randomUUID();
    const credited = await t.app
      .get(CommandBus)
      .execute(
        new CreditManually(
          { userId, type: 'catalog_consultations', amount: 4, validityDays: 10, reason: 'Prueba de recordatorio' },
          'operator-1',
          { kind: 'user', id: 'operator-1' },
        ),
      );
    const row = (
      await sql<{ expires_at: Date; remind_at: Date }>('select expires_at, remind_at from balances where id = ?', [credited.id])
    )[0]!;
    expect(new Date(row.expires_at).getTime() - new Date(row.remind_at).getTime()).toBe(3 * DAY);

    const connection = createRedis(t.config.REDIS_URL, 'bullmq');
    const queue = new Queue('billing', { connection, prefix: `${t.config.REDIS_PREFIX}:jobs` });
    try {
      const alarms = (await queue.getDelayed()).filter((j) => (j.data as { id?: string }).id === credited.id).map((j) => j.name);
      expect(alarms.sort()).toEqual(['balance-expiry', 'balance-reminder']);
    } finally {
      await queue.close();
      connection.disconnect();
    }

    expect(await sweeper.sweep()).toBe(0);
    clock.advance(7 * DAY + 60_000);
    try {
      expect(await sweeper.sweep()).toBe(1);
      expect(await sweeper.sweep()).toBe(0);
      expect(await events('ConsultationsExpiringSoon', credited.id)).toHaveLength(1);
      expect(await events('ConsultationsExpired', credited.id)).toHaveLength(0);
      clock.advance(3 * DAY);
      expect(await sweeper.sweep()).toBe(1);
      expect(await sweeper.sweep()).toBe(0);
      expect((await events('ConsultationsExpired', credited.id)).map((e) => e.payload)).toEqual([
        { balanceId: credited.id, userId, type: 'catalog_consultations', remaining: 4 },
      ]);
    } finally {
      clock.reset();
    }
  });

  it('a balance whose reminder time passed while nothing was left reminds nobody, once', async () => {
    const userId = randomUUID();
    const credited = await t.app.get(CommandBus).execute(
      new CreditManually({ userId, type: 'plate_consultations', amount: 1, validityDays: 5, reason: 'Saldo gastado' }, 'operator-1', {
        kind: 'user',
        id: 'operator-1',
      }),
    );
    await sql('update balances set remaining = 0 where id = ?', [credited.id]);
    clock.advance(2 * DAY + 60_000);
    try {
      expect(await sweeper.sweep()).toBe(0);
      expect(await events('ConsultationsExpiringSoon', credited.id)).toHaveLength(0);
      const reminded = await sql<{ reminded_at: Date | null }>('select reminded_at from balances where id = ?', [credited.id]);
      expect(reminded[0]!.reminded_at).not.toBeNull();
    } finally {
      clock.reset();
    }
  });
});

/**
 * The fault test (in the style of the platform's SIGKILL test): a process commits a trial's credit and is
 * killed before it arms the balance's alarm; the duty survives as the row alone; time passes while it is
 * down; a restarted worker's first sweep delivers ConsultationsExpired — once.
 */
describe('a worker killed between the commit and the scheduling', () => {
  let tdb: TestDatabase;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(BILLING_DIST))
      throw new Error('The duty fault test runs the built packages: run `npm run build` first (npm test does).');
    tdb = await createTestDatabase('dutyfault');
    env = { DATABASE_URL: tdb.url, REDIS_PREFIX: `df${Date.now().toString(36)}`, BILLING_DUTY_SWEEP_SECONDS: '1', OUTBOX_POLL_MS: '100' };
    const config = testConfig(env);
    await EventBus.migrate(config);
    for (const options of [identityDatabase, billingDatabase]) {
      const db = await ContextDatabase.open(config, options);
      await db.migrate();
      if (options === identityDatabase) await seedIdentity(db);
      await db.close();
    }
  });

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await tdb?.drop();
  });

  function start(extra: Record<string, string> = {}): {
    child: ChildProcess;
    ready: Promise<string>;
    exited: Promise<NodeJS.Signals | null>;
  } {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env, ...extra }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    const ready = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the child did not start')), 30_000);
      child.stdout!.on('data', (d: Buffer) => {
        const m = /READY (\S+)/.exec(d.toString());
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
    });
    return { child, ready, exited };
  }

  it('the row survives the kill, and the restarted worker sweeps the expiry out', async () => {
    const doomed = start({ FAULT: 'kill-before-alarm' });
    const url = await doomed.ready;
    const person = new TestClient(url);
    expect((await person.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    // The request dies with the process: the answer never comes.
    await expect(
      person.post('/api/core/chargingPlans/requestTrialConsultation', { transactionType: 'plate_consultations' }),
    ).rejects.toThrow();
    expect(await doomed.exited).toBe('SIGKILL');

    const db = await ContextDatabase.open(testConfig(env), billingDatabase);
    try {
      const em = () => db.em();
      const balances = await em().execute<{ id: string }[]>("select id from balances where source = 'trial'");
      expect(balances).toHaveLength(1);
      const balanceId = balances[0]!.id;
      const connection = createRedis('redis://127.0.0.1:6379', 'bullmq');
      const queue = new Queue('billing', { connection, prefix: `${env.REDIS_PREFIX}:jobs` });
      try {
        expect((await queue.getJobs(['delayed', 'wait', 'active'])).filter((j) => (j.data as { id?: string }).id === balanceId)).toEqual(
          [],
        );
      } finally {
        await queue.close();
        connection.disconnect();
      }
      // Its 30 days pass while nothing runs.
      await em().execute("update balances set expires_at = now() - interval '1 minute', remind_at = null where id = ?", [balanceId]);

      const worker = start();
      await worker.ready;
      const expired = await eventually(async () => {
        const rows = await em().execute<{ payload: { remaining: number } }[]>(
          "select envelope->'payload' as payload from outbox_events where type = 'ConsultationsExpired' and envelope->'payload'->>'balanceId' = ?",
          [balanceId],
        );
        return rows.length > 0 ? rows : null;
      });
      expect(expired.map((r) => r.payload.remaining)).toEqual([3]);
      // Swept once: later sweeps (every second) find nothing more to do.
      await new Promise((r) => setTimeout(r, 2500));
      expect(
        await em().execute<{ n: string }[]>(
          "select count(*) as n from outbox_events where type = 'ConsultationsExpired' and envelope->'payload'->>'balanceId' = ?",
          [balanceId],
        ),
      ).toEqual([{ n: '1' }]);
      worker.child.kill('SIGTERM');
      await worker.exited;
    } finally {
      await db.close();
    }
  });
});
