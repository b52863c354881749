import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { allTopics } from '@tuerca/contracts';
import { ContextDatabase, EventBus, createLogger, recordEvent } from '@tuerca/platform';
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
        if (signal !== 'SIGKILL' && !(signal === 'SIGTERM' || code === 0)) {
          clearTimeout(timer);
          reject(new Error(`${role} exited with ${code ?? signal}`));
        }
      });
    });
  }

  async function kill(role: 'relay' | 'consumer', signal: NodeJS.Signals = 'SIGKILL') {
    const child = children.get(role)!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
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

  it('a restarted consumer applies again within seconds (faster rejoin)', async () => {
    const timings: Record<string, number> = {};
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      await kill('consumer', signal);
      const restarted = Date.now();
      await start('consumer');
      const marker = await writer.transactional(async (em) => {
        const env = recordEvent(
          em,
          Ticked,
          { ledger: 'rejoin', seq: 1 },
          { aggregateId: `rejoin-${signal}`, actor: { kind: 'system', id: 'fault' } },
        );
        await em.flush();
        return env.eventId;
      });
      await eventually(
        async () =>
          (await reader.em().execute<{ n: string }[]>('select count(*) as n from effects where event_id = ?', [marker]))[0]!.n === '1',
        60000,
        50,
      );
      timings[signal] = Date.now() - restarted;
    }
    console.log(
      `rejoin (${transport}): after SIGTERM ${timings.SIGTERM} ms, after SIGKILL ${timings.SIGKILL} ms (restart to first event applied)`,
    );
    // Within a few seconds: the session timeout (6 s here) bounds the wait for a member that vanished.
    expect(timings.SIGTERM).toBeLessThan(15000);
    expect(timings.SIGKILL).toBeLessThan(20000);
  }, 120000);
});

/** A TCP proxy in front of PostgreSQL that can be cut: the consumer's connections fail, as in a network or database outage. */
class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(5432, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Refuses new connections and resets the open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  restore(): Promise<void> {
    return this.start(this.port);
  }
}

/**
 * Issue "nothing lost": a consumer whose database connection fails for 10 s waits it out — nothing is
 * dead-lettered, nothing is skipped or applied twice — and catches up once the database is back.
 */
describe.each<Transport>(['postgres', 'kafka'])('database outage of a consumer (%s)', (transport) => {
  const OUTAGE_MS = 10_000;
  const TOTAL = 600;
  let tdb: TestDatabase;
  let writer: ContextDatabase;
  let reader: ContextDatabase;
  let bus: EventBus;
  let broker: { brokers: string[]; stop(): Promise<void> } | null = null;
  let consumer: ChildProcess | null = null;
  const proxy = new CuttableProxy();

  beforeAll(async () => {
    if (!existsSync(PLATFORM_DIST)) throw new Error('The fault test runs the built platform: run `npm run build` first (npm test does).');
    tdb = await createTestDatabase(`outage${transport}`);
    if (transport === 'kafka') broker = await startKafkaTestBroker({ partitions: 3, topics: [...allTopics(), Ticked.topic] });
    const direct = {
      DATABASE_URL: tdb.url,
      EVENT_BUS: transport,
      ...(broker ? { KAFKA_BROKERS: broker.brokers.join(','), KAFKA_SESSION_TIMEOUT_MS: '6000' } : {}),
    };
    const config = testConfig(direct);
    await EventBus.migrate(config);
    writer = await ContextDatabase.open(config, writerOptions);
    reader = await ContextDatabase.open(config, readerOptions);
    await writer.migrate();
    await reader.migrate();
    bus = new EventBus(config, createLogger('silent'));
    await bus.startRelay(writer);
    await proxy.start();
    const viaProxy = new URL(tdb.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    consumer = spawn(process.execPath, [CHILD, 'consumer'], {
      env: {
        ...process.env,
        ...direct,
        DATABASE_URL: viaProxy.toString(),
        CONSUMER_MAX_ATTEMPTS: '2',
        CONSUMER_MAX_BACKOFF_MS: '1000',
        REDIS_URL: 'redis://127.0.0.1:6379',
        PATH: process.env.PATH ?? '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('consumer did not start')), 30000);
      consumer!.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('READY')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });

  afterAll(async () => {
    consumer?.kill('SIGKILL');
    await bus?.stop();
    await proxy.cut();
    await writer?.close();
    await reader?.close();
    await broker?.stop();
    await tdb?.drop();
  });

  async function write(n: number, from: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const ledger = `O${(from + i) % 7}`;
      ids.push(
        await writer.transactional(async (em) => {
          const env = recordEvent(em, Ticked, { ledger, seq: from + i }, { aggregateId: ledger, actor: { kind: 'system', id: 'outage' } });
          await em.flush();
          return env.eventId;
        }),
      );
    }
    return ids;
  }

  const applied = async () =>
    reader
      .em()
      .execute<{ event_id: string; ledger: string; seq: number }[]>(
        "select event_id, ledger, seq from effects where consumer = 'fault' order by id",
      );

  it('loses, skips and dead-letters nothing while its database is away for 10 s', async () => {
    const written = await write(TOTAL / 3, 0);
    await eventually(async () => (await applied()).length >= written.length, 60000, 100);
    const cutAt = Date.now();
    await proxy.cut();
    // Events keep coming while the consumer cannot reach its database.
    const during = write(TOTAL / 3, TOTAL / 3);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    written.push(...(await during));
    await proxy.restore();
    const restoredAt = Date.now();
    written.push(...(await write(TOTAL / 3, (2 * TOTAL) / 3)));
    const rows = await eventually(
      async () => {
        const r = await applied();
        return r.length >= written.length ? r : null;
      },
      120000,
      100,
    );
    const caughtUpMs = Date.now() - restoredAt;
    const ids = rows.map((r) => r.event_id);
    const lost = written.filter((id) => !ids.includes(id)).length;
    const duplicates = ids.length - new Set(ids).size;
    const dead = await reader.em().execute<{ n: string }[]>('select count(*) as n from dead_letters');
    // Per ledger (the Kafka key), events apply in the order they were written.
    const outOfOrder = [...new Set(rows.map((r) => r.ledger))].filter((l) => {
      const seqs = rows.filter((r) => r.ledger === l).map((r) => r.seq);
      return seqs.some((s, i) => i > 0 && s < seqs[i - 1]!);
    });
    console.log(
      `outage (${transport}): ${written.length} events, database away ${Math.round((restoredAt - cutAt) / 1000)} s, ` +
        `caught up ${caughtUpMs} ms after it came back; lost ${lost}, duplicated ${duplicates}, dead-lettered ${dead[0]!.n}, out of order ${outOfOrder.length}`,
    );
    expect({ lost, duplicates, deadLettered: Number(dead[0]!.n), outOfOrder }).toEqual({
      lost: 0,
      duplicates: 0,
      deadLettered: 0,
      outOfOrder: [],
    });
  }, 240000);
});
