import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { allTopics } from '@tuerca/contracts';
import { ContextDatabase, EventBus, recordEvent } from '@tuerca/platform';
import { createTestDatabase, eventually, testConfig, type TestDatabase } from '@tuerca/platform/testing';
import { Ticked, readerOptions, writerOptions } from './bus-fixtures.js';
import { startKafkaTestBroker } from '../../../infra/kafka-test-broker/index.mjs';

const CHILD = new URL('./fault/child.mjs', import.meta.url).pathname;
const PLATFORM_DIST = new URL('../dist/index.js', import.meta.url).pathname;
const EVENTS = 3000;

type Transport = 'postgres' | 'kafka';

/**
 * DESIGN §2: a consumer survives a kill at any point with nothing lost. The relay and a consumer run as
 * child processes and are killed with SIGKILL again and again while thousands of events are written.
 */
describe.each<Transport>(['postgres', 'kafka'])('SIGKILL fault test (%s)', (transport) => {
  let tdb: TestDatabase;
  let writer: ContextDatabase;
  let reader: ContextDatabase;
  let broker: { brokers: string[]; stop(): Promise<void> } | null = null;
  let env: Record<string, string>;
  const children = new Map<'relay' | 'consumer', ChildProcess>();

  beforeAll(async () => {
    if (!existsSync(PLATFORM_DIST)) throw new Error('The fault test runs the built platform: run `npm run build` first (npm test does).');
    tdb = await createTestDatabase(`fault${transport}`);
    if (transport === 'kafka') broker = await startKafkaTestBroker({ partitions: 3, topics: [...allTopics(), Ticked.topic] });
    env = {
      DATABASE_URL: tdb.url,
      EVENT_BUS: transport,
      REDIS_URL: 'redis://127.0.0.1:6379',
      ...(broker ? { KAFKA_BROKERS: broker.brokers.join(','), KAFKA_SESSION_TIMEOUT_MS: '6000' } : {}),
    };
    const config = testConfig(env);
    await EventBus.migrate(config);
    writer = await ContextDatabase.open(config, writerOptions);
    reader = await ContextDatabase.open(config, readerOptions);
    await writer.migrate();
    await reader.migrate();
  });

  afterAll(async () => {
    for (const c of children.values()) c.kill('SIGKILL');
    await writer?.close();
    await reader?.close();
    await broker?.stop();
    await tdb?.drop();
  });

  function start(role: 'relay' | 'consumer'): Promise<void> {
    const child = spawn(process.execPath, [CHILD, role], {
      env: { ...process.env, ...env, PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.set(role, child);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${role} did not start`)), 30000);
      child.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('READY')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        if (signal !== 'SIGKILL') {
          clearTimeout(timer);
          reject(new Error(`${role} exited with ${code ?? signal}`));
        }
      });
    });
  }

  async function kill(role: 'relay' | 'consumer') {
    const child = children.get(role)!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  it('loses no event and duplicates no effect', async () => {
    await Promise.all([start('relay'), start('consumer')]);
    const written: string[] = [];
    let producing = true;
    const producer = (async () => {
      let i = 0;
      while (written.length < EVENTS) {
        const batch = 1 + (i % 7);
        const ids = await writer.transactional(async (em) => {
          const out: string[] = [];
          for (let k = 0; k < batch && written.length + out.length < EVENTS; k++) {
            const ledger = `L${(i + k) % 13}`;
            out.push(
              recordEvent(em, Ticked, { ledger, seq: i + k }, { aggregateId: ledger, actor: { kind: 'system', id: 'fault' } }).eventId,
            );
          }
          await em.flush();
          return out;
        });
        written.push(...ids);
        i += batch;
        if (i % 70 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      producing = false;
    })();

    let kills = 0;
    const killer = (async () => {
      const roles: ('relay' | 'consumer')[] = ['relay', 'consumer'];
      while (producing || kills < 12) {
        await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 250)));
        const role = roles[kills % 2]!;
        await kill(role);
        kills++;
        await start(role);
      }
    })();

    await producer;
    await killer;
    expect(kills).toBeGreaterThanOrEqual(12);

    const effects = await eventually(
      async () => {
        const rows = await reader
          .em()
          .execute<{ total: string; distinct: string }[]>(
            "select count(*) as total, count(distinct event_id) as distinct from effects where consumer = 'fault'",
          );
        return Number(rows[0]!.distinct) >= EVENTS ? rows[0]! : null;
      },
      transport === 'kafka' ? 120000 : 60000,
      200,
    );
    // 0 lost, 0 duplicated effects.
    const ids = new Set(
      (await reader.em().execute<{ event_id: string }[]>("select event_id from effects where consumer = 'fault'")).map((r) => r.event_id),
    );
    expect(written.filter((id) => !ids.has(id))).toEqual([]);
    expect(Number(effects.total)).toBe(EVENTS);
    expect(Number(effects.distinct)).toBe(EVENTS);
    const unpublished = await writer.em().execute<{ n: string }[]>('select count(*) as n from outbox_events where published_at is null');
    expect(Number(unpublished[0]!.n)).toBe(0);
  }, 240000);
});
