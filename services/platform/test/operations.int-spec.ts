import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defineEntity, p } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import {
  Clock,
  ContextDatabase,
  ContextRegistry,
  EventBus,
  Jobs,
  Retention,
  ScheduledWork,
  createLogger,
  createRedis,
  kysely,
  recordEvent,
  type KernelDB,
  type KyselyDB,
  type Subscription,
} from '@tuerca/platform';
import { createTestDatabase, eventually, testConfig, type TestDatabase } from '@tuerca/platform/testing';
import { Ticked, readerOptions, writerOptions } from './bus-fixtures.js';

const logger = createLogger('silent');

const Duty = defineEntity({
  name: 'Duty',
  tableName: 'duties',
  properties: { id: p.text().primary(), dueAt: p.datetime(), doneAt: p.datetime().nullable(), runs: p.integer() },
});
class MigrationDuties extends Migration {
  override name = 'MigrationDuties';
  override up(): void {
    this.addSql(
      'create table if not exists duties (id text primary key, due_at timestamptz not null, done_at timestamptz, runs int not null default 0)',
    );
  }
}
type DutyDB = KyselyDB<[typeof Duty]>;

/**
 * Scheduled work derived from state: the duty is a row, the job its alarm clock under a fixed id, and the
 * sweep re-arms a duty whose job never got scheduled (a crash between the commit and the scheduling) or
 * whose job failed while the duty is still pending.
 */
describe('scheduled work derived from state', () => {
  let tdb: TestDatabase;
  let db: ContextDatabase;
  let jobs: Jobs;
  let work: ScheduledWork;
  let failNext = false;
  const clock = new Clock();

  beforeAll(async () => {
    tdb = await createTestDatabase('scheduled');
    const config = testConfig({ DATABASE_URL: tdb.url, ROLE: 'worker' });
    db = await ContextDatabase.open(config, { schema: 'sw_test', entities: [Duty], migrations: [MigrationDuties] });
    await db.migrate();
    jobs = new Jobs(createRedis(config.REDIS_URL, 'bullmq'), config.REDIS_PREFIX, logger);
    work = new ScheduledWork(jobs, clock, config, logger);
  });

  afterAll(async () => {
    await jobs?.close();
    await db?.close();
    await tdb?.drop();
  });

  const k = () => kysely<DutyDB>(db.em());
  const handle = () =>
    work.define({
      queue: 'sw-test',
      name: 'reminder',
      sweepEveryMs: 500,
      attempts: 1,
      pending: async (horizon, limit) =>
        (
          await k()
            .selectFrom('Duty')
            .select(['id', 'dueAt'])
            .where('doneAt', 'is', null)
            .where('dueAt', '<=', horizon)
            .orderBy('dueAt')
            .limit(limit)
            .execute()
        ).map((r) => ({ id: r.id, runAt: r.dueAt })),
      // The duty's command: checks the row and the clock itself, does it once.
      run: async (id) => {
        if (failNext) {
          failNext = false;
          throw new Error('provider down');
        }
        await k()
          .updateTable('Duty')
          .set((eb) => ({ doneAt: clock.now(), runs: eb('runs', '+', 1) }))
          .where('id', '=', id)
          .where('doneAt', 'is', null)
          .where('dueAt', '<=', clock.now())
          .execute();
      },
    });

  it('delivers a duty whose alarm was never set (crash between commit and scheduling), once, through the sweep', async () => {
    const h = handle();
    jobs.startWorkers();
    await work.onApplicationBootstrap();
    // Committed, never armed: as if the process died right after the commit.
    await k()
      .insertInto('Duty')
      .values({ id: 'lost-1', dueAt: new Date(Date.now() + 300), doneAt: null, runs: 0 })
      .execute();
    // A duty armed the normal way runs too, and the sweep does not add a second alarm for it.
    const armedAt = new Date(Date.now() + 300);
    await k().insertInto('Duty').values({ id: 'armed-1', dueAt: armedAt, doneAt: null, runs: 0 }).execute();
    await work.arm(h, { id: 'armed-1', runAt: armedAt });
    const rows = await eventually(async () => {
      const r = await k().selectFrom('Duty').selectAll().where('id', 'in', ['lost-1', 'armed-1']).execute();
      return r.every((d) => d.doneAt) ? r : null;
    }, 20000);
    expect(rows.map((r) => r.runs)).toEqual([1, 1]);

    // A duty whose job failed (its attempts spent) while the duty is still pending is armed again.
    failNext = true;
    await k().insertInto('Duty').values({ id: 'failed-1', dueAt: new Date(), doneAt: null, runs: 0 }).execute();
    await work.arm(h, {
      id: 'failed-1',
      runAt: (await k().selectFrom('Duty').select('dueAt').where('id', '=', 'failed-1').executeTakeFirstOrThrow()).dueAt,
    });
    const failed = await eventually(async () => {
      const d = await k().selectFrom('Duty').selectAll().where('id', '=', 'failed-1').executeTakeFirstOrThrow();
      return d.doneAt ? d : null;
    }, 20000);
    expect(failed.runs).toBe(1);
    await new Promise((r) => setTimeout(r, 1200));
    const all = await k().selectFrom('Duty').select(['id', 'runs']).orderBy('id').execute();
    expect(all).toEqual([
      { id: 'armed-1', runs: 1 },
      { id: 'failed-1', runs: 1 },
      { id: 'lost-1', runs: 1 },
    ]);
  }, 60000);
});

/**
 * Retention: published outbox rows, processed-event rows, resolved dead letters and the postgres log are
 * pruned after their time, and the log never past the slowest consumer group's position.
 */
describe('retention of the kernel tables', () => {
  let tdb: TestDatabase;
  let writer: ContextDatabase;
  let reader: ContextDatabase;
  let bus: EventBus;
  let retention: Retention;
  let jobs: Jobs;
  const registry = new ContextRegistry();

  beforeAll(async () => {
    tdb = await createTestDatabase('retention');
    const config = testConfig({
      DATABASE_URL: tdb.url,
      EVENT_BUS: 'postgres',
      EVENT_RETENTION_DAYS: '7',
      PROCESSED_EVENT_RETENTION_DAYS: '14',
    });
    await EventBus.migrate(config);
    writer = await ContextDatabase.open(config, writerOptions);
    reader = await ContextDatabase.open(config, readerOptions);
    await writer.migrate();
    await reader.migrate();
    registry.addDatabase(writer);
    registry.addDatabase(reader);
    bus = new EventBus(config, logger);
    await bus.startRelay(writer);
    jobs = new Jobs(createRedis(config.REDIS_URL, 'bullmq'), config.REDIS_PREFIX, logger);
    retention = new Retention(jobs, registry, new Clock(), config, logger);
  });

  afterAll(async () => {
    await bus?.stop();
    await retention?.onModuleDestroy();
    await jobs?.close();
    await writer?.close();
    await reader?.close();
    await tdb?.drop();
  });

  it('prunes what is old, never past the slowest group, and keeps what is recent', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        await writer.transactional(async (em) => {
          const e = recordEvent(em, Ticked, { ledger: 'r', seq: i }, { aggregateId: 'r', actor: { kind: 'system', id: 't' } });
          await em.flush();
          return e.eventId;
        }),
      );
    // A fast group reads everything; a slow one stops after 10 events.
    let slowSeen = 0;
    const fast: Subscription = { db: reader, group: 'fast', events: [Ticked], handle: async () => undefined };
    const slow: Subscription = {
      db: reader,
      group: 'slow',
      events: [Ticked],
      handle: async () => {
        if (slowSeen >= 10) throw Object.assign(new Error('connection terminated'), { code: '08006' });
        slowSeen++;
      },
    };
    registry.addSubscription(fast);
    registry.addSubscription(slow);
    const hFast = await bus.subscribe(fast);
    const hSlow = await bus.subscribe(slow);
    const offsets = async () =>
      Object.fromEntries(
        (await kysely<KernelDB>(reader.em()).selectFrom('ConsumerOffset').select(['consumerGroup', 'position']).execute()).map((r) => [
          r.consumerGroup,
          BigInt(r.position),
        ]),
      );
    await eventually(async () => {
      const o = await offsets();
      return o.fast === 40n && o.slow && slowSeen === 10 ? o : null;
    });
    await hFast.stop();
    await hSlow.stop();
    const { fast: fastAt, slow: slowAt } = await offsets();
    expect(slowAt! < fastAt!).toBe(true);

    // Everything is old now (a month ago), except one recent event.
    const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await kysely<KernelDB>(writer.em()).updateTable('OutboxEvent').set({ publishedAt: monthAgo }).execute();
    await kysely<KernelDB>(reader.em()).updateTable('ProcessedEvent').set({ processedAt: monthAgo }).execute();
    const log = await EventBus.openLog(testConfig({ DATABASE_URL: tdb.url }));
    try {
      await log.em().execute('update event_log set appended_at = ?', [monthAgo]);
      const report = await retention.prune();
      expect(report).toMatchObject({ outbox: 40, processed: 40 + 10, slowestPosition: slowAt!.toString() });
      const positions = (await log.em().execute<{ position: string }[]>('select position from event_log order by position')).map((r) =>
        BigInt(r.position),
      );
      // Everything after the slowest group's offset remains (it has not applied those yet).
      expect(positions.every((p) => p > slowAt!)).toBe(true);
      expect(positions.length).toBe(Number(fastAt! - slowAt!));
      expect(report.eventLog).toBe(Number(slowAt!));
    } finally {
      await log.close();
    }
    expect(ids).toHaveLength(40);
  }, 60000);
});
