import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { allTopics, type EventEnvelope } from '@tuerca/contracts';
import {
  ContextDatabase,
  EventBus,
  OutboxEvent,
  createLogger,
  kysely,
  processEvent,
  recordEvent,
  replayDeadLetter,
  type KernelDB,
  type Subscription,
  type SubscriptionHandle,
} from '@tuerca/platform';
import { createTestDatabase, eventually, testConfig, type TestDatabase } from '@tuerca/platform/testing';
import { Ledger, Ticked, TickedV2, readerOptions, writerOptions } from './bus-fixtures.js';
import { startKafkaTestBroker } from '../../../infra/kafka-test-broker/index.mjs';

const logger = createLogger('silent');

type Transport = 'postgres' | 'kafka';

/** One contract, both transports (DESIGN §2). */
describe.each<Transport>(['postgres', 'kafka'])('event bus contract (%s)', (transport) => {
  let tdb: TestDatabase;
  let writer: ContextDatabase;
  let reader: ContextDatabase;
  let bus: EventBus;
  let broker: { brokers: string[]; stop(): Promise<void> } | null = null;
  const handles: SubscriptionHandle[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase(`bus${transport}`);
    if (transport === 'kafka')
      broker = await startKafkaTestBroker({ partitions: 3, topics: [...allTopics(), Ticked.topic, TickedV2.topic] });
    const config = testConfig({
      DATABASE_URL: tdb.url,
      EVENT_BUS: transport,
      ...(broker ? { KAFKA_BROKERS: broker.brokers.join(','), KAFKA_SESSION_TIMEOUT_MS: '6000' } : {}),
      CONSUMER_MAX_ATTEMPTS: '3',
    });
    await EventBus.migrate(config);
    writer = await ContextDatabase.open(config, writerOptions);
    reader = await ContextDatabase.open(config, readerOptions);
    await writer.migrate();
    await reader.migrate();
    bus = new EventBus(config, logger, { backoffMs: () => 10, transientBackoffMs: () => 20 });
    await bus.start();
    await bus.startRelay(writer);
  });

  afterAll(async () => {
    for (const h of handles) await h.stop();
    await bus?.stop();
    await writer?.close();
    await reader?.close();
    await broker?.stop();
    await tdb?.drop();
  });

  async function tick(ledger: string, fail = false): Promise<EventEnvelope> {
    return writer.transactional(async (em) => {
      let row = await em.findOne(Ledger, { id: ledger }, { lockMode: 4 /* pessimistic write */ });
      if (!row) {
        row = em.create(Ledger, { id: ledger, seq: 0 });
      }
      row.seq += 1;
      const env = recordEvent(em, Ticked, { ledger, seq: row.seq }, { aggregateId: ledger, actor: { kind: 'system', id: 'test' } });
      await em.flush();
      if (fail) throw new Error('rolled back on purpose');
      return env;
    });
  }

  function effectHandler(consumer: string, onEvent?: (e: EventEnvelope) => void) {
    return async (event: EventEnvelope, em: EntityManager) => {
      onEvent?.(event);
      const p = event.payload as { ledger: string; seq: number };
      await em.execute(
        'insert into effects (consumer, event_id, ledger, seq) values (?, ?, ?, ?)',
        [consumer, event.eventId, p.ledger, p.seq],
        'run',
      );
    };
  }

  async function effects(consumer: string) {
    return reader
      .em()
      .execute<{ event_id: string; ledger: string; seq: number; id: string }[]>(
        'select id, event_id, ledger, seq from effects where consumer = ? order by id',
        [consumer],
      );
  }

  async function subscribe(group: string, handle = effectHandler(group)): Promise<SubscriptionHandle> {
    const sub: Subscription = { db: reader, group, events: [Ticked], handle };
    const h = await bus.subscribe(sub);
    handles.push(h);
    return h;
  }

  it('keeps the order of each aggregate and delivers every event to every group', async () => {
    const ledgers = ['A', 'B', 'C'];
    await Promise.all(
      ledgers.map(async (l) => {
        for (let i = 0; i < 40; i++) await tick(`order-${l}`);
      }),
    );
    await subscribe('g1');
    await subscribe('g2');
    for (const g of ['g1', 'g2']) {
      const rows = await eventually(async () => {
        const r = (await effects(g)).filter((e) => e.ledger.startsWith('order-'));
        return r.length >= 120 ? r : null;
      });
      expect(rows).toHaveLength(120);
      for (const l of ledgers) {
        const seqs = rows.filter((r) => r.ledger === `order-${l}`).map((r) => r.seq);
        expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      }
    }
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    await expect(tick('rollback', true)).rejects.toThrow('rolled back on purpose');
    const marker = await tick('after-rollback');
    await eventually(async () => (await effects('g1')).some((e) => e.event_id === marker.eventId));
    const rows = await effects('g1');
    expect(rows.filter((r) => r.ledger === 'rollback')).toHaveLength(0);
    const outbox = await writer.em().execute<{ n: string }[]>("select count(*) as n from outbox_events where aggregate_id = 'rollback'");
    expect(Number(outbox[0]!.n)).toBe(0);
  });

  it('changes nothing when an event is delivered twice', async () => {
    const env = await tick('dup');
    await eventually(async () => (await effects('g1')).some((e) => e.event_id === env.eventId));
    const sub: Subscription = { db: reader, group: 'g1', events: [Ticked], handle: effectHandler('g1') };
    expect(await processEvent(sub, env, { maxAttempts: 1, logger })).toBe('duplicate');
    // Re-publish the same outbox rows: the bus delivers them again, the effect stays single.
    if (transport === 'kafka') {
      await writer.em().execute("update outbox_events set published_at = null where aggregate_id = 'dup'");
    } else {
      await reader.em().execute("update consumer_offsets set position = 0 where consumer_group = 'g1'");
    }
    const again = await tick('dup');
    await eventually(async () => (await effects('g1')).some((e) => e.event_id === again.eventId));
    const rows = (await effects('g1')).filter((r) => r.event_id === env.eventId);
    expect(rows).toHaveLength(1);
    const all = await effects('g1');
    expect(new Set(all.map((r) => r.event_id)).size).toBe(all.length);
  });

  it('resumes a restarted consumer where it left off, with nothing lost', async () => {
    let seen = 0;
    const first = await subscribe(
      'resume',
      effectHandler('resume', () => void seen++),
    );
    const written: string[] = [];
    for (let i = 0; i < 150; i++) written.push((await tick(`resume-${i % 5}`)).eventId);
    await eventually(async () => seen >= 30);
    await first.stop();
    for (let i = 0; i < 50; i++) written.push((await tick(`resume-${i % 5}`)).eventId);
    await subscribe('resume');
    const rows = await eventually(async () => {
      const r = await effects('resume');
      const ids = new Set(r.map((e) => e.event_id));
      return written.every((id) => ids.has(id)) ? r : null;
    }, 40000);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(rows.length);
  });

  it('dead-letters a poison event after its attempts and goes on with the rest', async () => {
    // Same aggregate, so the same partition: the next event waits behind the poison one.
    const poison = await tick('poison');
    const next = await tick('poison');
    await subscribe('strict', async (event, em) => {
      if (event.eventId === poison.eventId) throw new Error('cannot digest');
      await effectHandler('strict')(event, em);
    });
    await eventually(async () => (await effects('strict')).some((e) => e.event_id === next.eventId), 40000);
    const dead = await reader
      .em()
      .execute<{ event_id: string; error: string; attempts: number }[]>(
        "select event_id, error, attempts from dead_letters where consumer_group = 'strict'",
      );
    expect(dead).toEqual([{ event_id: poison.eventId, error: 'Error: cannot digest', attempts: 3 }]);
  });
  it('a batchable group applies each event once and in order; a poison one among them is dead-lettered alone', async () => {
    const written: EventEnvelope[] = [];
    for (let i = 0; i < 60; i++) written.push(await tick(`batch-${i % 3}`));
    const poison = written[25]!;
    const batchable = async (group: string, refuse?: string) => {
      const h = await bus.subscribe({
        db: reader,
        group,
        events: [Ticked],
        batchable: true,
        handle: async (event, em) => {
          if (event.eventId === refuse) throw new Error('cannot digest');
          await effectHandler(group)(event, em);
        },
      });
      handles.push(h);
    };
    await batchable('batched', poison.eventId);
    await batchable('batched-clean');
    for (const group of ['batched', 'batched-clean']) {
      const expected = written.filter((e) => group === 'batched-clean' || e.eventId !== poison.eventId);
      const rows = await eventually(async () => {
        // A new group reads the log from its start: the other tests' events come too.
        const r = (await effects(group)).filter((e) => e.ledger.startsWith('batch-'));
        const ids = new Set(r.map((e) => e.event_id));
        return expected.every((e) => ids.has(e.eventId)) ? r : null;
      }, 40000);
      expect(rows).toHaveLength(expected.length);
      for (const l of ['batch-0', 'batch-1', 'batch-2']) {
        const seqs = rows.filter((r) => r.ledger === l).map((r) => r.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      }
    }
    const dead = await reader
      .em()
      .execute<{ event_id: string; attempts: number }[]>("select event_id, attempts from dead_letters where consumer_group = 'batched'");
    expect(dead).toEqual([{ event_id: poison.eventId, attempts: 3 }]);
    if (transport === 'postgres') {
      // The log read at once in one transaction: the effects share the transaction id that wrote them (xmin).
      const [tx] = await reader
        .em()
        .execute<{ n: number }[]>(
          "select count(distinct xmin::text)::int as n from effects where consumer = 'batched-clean' and ledger like 'batch-%'",
        );
      expect(tx!.n).toBeLessThan(10);
    }
  });

  it('delivers each version of an event only to the handlers of that version, with its payload typed', async () => {
    const seen: string[] = [];
    await bus.subscribe({
      db: reader,
      group: 'v1-only',
      events: [Ticked],
      handle: async (event) => void (event.payload.ledger === 'versions' && seen.push(`v1-only:${event.version}:${event.payload.seq}`)),
    });
    await bus.subscribe({
      db: reader,
      group: 'v2-only',
      events: [TickedV2],
      // The payload is v2's: `by` exists only there (a compile error with Ticked).
      handle: async (event) => void (event.payload.ledger === 'versions' && seen.push(`v2-only:${event.version}:${event.payload.by}`)),
    });
    await bus.subscribe({
      db: reader,
      group: 'both',
      events: [Ticked, TickedV2],
      handle: async (event) =>
        void (
          event.payload.ledger === 'versions' &&
          seen.push(`both:${event.version}:${event.version === 2 ? event.payload.by : event.payload.seq}`)
        ),
    });
    await writer.transactional(async (em) => {
      recordEvent(em, Ticked, { ledger: 'versions', seq: 1 }, { aggregateId: 'versions', actor: { kind: 'system', id: 'test' } });
      recordEvent(
        em,
        TickedV2,
        { ledger: 'versions', seq: 2, by: 'ana' },
        { aggregateId: 'versions', actor: { kind: 'system', id: 'test' } },
      );
      await em.flush();
    });
    await eventually(async () => seen.length >= 4);
    await new Promise((r) => setTimeout(r, 500));
    expect(seen.sort()).toEqual(['both:1:1', 'both:2:ana', 'v1-only:1:1', 'v2-only:2:ana']);
  });

  it('waits out a transient failure without dead-lettering or skipping, keeping the order', async () => {
    const first = await tick('transient');
    const second = await tick('transient');
    let failures = 0;
    await subscribe('patient', async (event, em) => {
      // A serialization failure six times in a row: more than CONSUMER_MAX_ATTEMPTS (3), still not poison.
      if (event.eventId === first.eventId && failures < 6) {
        failures++;
        throw Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
      }
      await effectHandler('patient')(event, em);
    });
    const rows = await eventually(async () => {
      const r = (await effects('patient')).filter((e) => e.ledger === 'transient');
      return r.length >= 2 ? r : null;
    }, 40000);
    expect(failures).toBe(6);
    expect(rows.map((r) => r.event_id)).toEqual([first.eventId, second.eventId]);
    const dead = await kysely<KernelDB>(reader.em()).selectFrom('DeadLetter').select('id').where('consumerGroup', '=', 'patient').execute();
    expect(dead).toEqual([]);
  });

  it('dead-letters at once an event whose payload breaks its schema, and goes on', async () => {
    const broken = '4d7c8a60-1111-4c2b-9e55-0a2b3c4d5e6f';
    await writer.transactional(async (em) => {
      // Written around recordEvent (which would refuse it), as an old or foreign producer could.
      em.create(OutboxEvent, {
        eventId: broken,
        type: Ticked.name,
        version: 1,
        topic: Ticked.topic,
        aggregateId: 'schema',
        envelope: {
          eventId: broken,
          type: Ticked.name,
          version: 1,
          occurredAt: new Date().toISOString(),
          aggregateId: 'schema',
          actor: { kind: 'system', id: 'test' },
          payload: { ledger: 'schema', seq: 'uno' },
        },
        createdAt: new Date(),
        publishedAt: null,
      });
      await em.flush();
    });
    const after = await tick('schema');
    let calls = 0;
    await subscribe('validating', async (event, em) => {
      calls++;
      await effectHandler('validating')(event, em);
    });
    await eventually(async () => (await effects('validating')).some((e) => e.event_id === after.eventId), 40000);
    const dead = await kysely<KernelDB>(reader.em())
      .selectFrom('DeadLetter')
      .select(['eventId', 'attempts', 'error'])
      .where('consumerGroup', '=', 'validating')
      .execute();
    expect(dead).toEqual([{ eventId: broken, attempts: 0, error: expect.stringMatching(/^invalid payload of LedgerTicked.v1: seq/) }]);
    expect((await effects('validating')).some((e) => e.event_id === broken)).toBe(false);
    expect(calls).toBeGreaterThan(0);
  });

  it('replays a dead letter after the fix, once', async () => {
    const poison = await tick('fixable');
    let broken = true;
    const handle = async (event: EventEnvelope, em: EntityManager) => {
      if (broken && event.eventId === poison.eventId) throw new Error('rule refused');
      await effectHandler('fixable')(event, em);
    };
    const sub: Subscription = { db: reader, group: 'fixable', events: [Ticked], handle };
    handles.push(await bus.subscribe(sub));
    const letter = await eventually(
      async () =>
        kysely<KernelDB>(reader.em())
          .selectFrom('DeadLetter')
          .select(['id', 'attempts'])
          .where('consumerGroup', '=', 'fixable')
          .where('eventId', '=', poison.eventId)
          .executeTakeFirst(),
      40000,
    );
    expect(letter.attempts).toBe(3);
    broken = false; // the fix
    const opts = { logger, now: () => new Date() };
    expect(await replayDeadLetter(sub, letter.id, opts)).toBe('replayed');
    expect(await replayDeadLetter(sub, letter.id, opts)).toBe('already-resolved');
    expect((await effects('fixable')).filter((e) => e.event_id === poison.eventId)).toHaveLength(1);
    const after = await kysely<KernelDB>(reader.em())
      .selectFrom('DeadLetter')
      .select(['replays', 'resolvedAt'])
      .where('id', '=', letter.id)
      .executeTakeFirstOrThrow();
    expect(after.replays).toBe(1);
    expect(after.resolvedAt).toBeInstanceOf(Date);
  });
});
