import { describe, expect, it } from '@jest/globals';
import type { ContextDatabase, Logger } from '@tuerca/platform';
import { ProductsSearchRecorder, SEARCH_EVENTS_BATCH } from './products-search-recorder.js';

type Statement = { name: string; values: unknown[][] };

/** A database double whose native pool keeps the statements it is sent (the recorder writes through `appendEvents`). */
function fakeDb() {
  const statements: Statement[] = [];
  const pool = {
    query: async (q: Statement) => {
      statements.push(q);
      return { rows: [] };
    },
  };
  const db = { orm: { em: { getConnection: () => ({ getNativeClient: async () => pool }) } } } as unknown as ContextDatabase;
  const events = () =>
    statements.flatMap((s) =>
      (s.values[5] as string[]).map(
        (e) => JSON.parse(e) as { type: string; version: number; payload: { since: string; searches: (string | number | null)[][] } },
      ),
    );
  return { db, statements, events };
}

const logger = { warn: () => undefined } as unknown as Logger;
const guest = { userId: null, owner: 'g:visitor-1', country: 'CO' as const };
const person = { userId: 'u-1', owner: 'u:u-1', country: 'MX' as const };

describe('ProductsSearchRecorder', () => {
  it('queues on the request and writes the queued searches as one ProductsSearched v2 event in one statement', async () => {
    const { db, statements, events } = fakeDb();
    const recorder = new ProductsSearchRecorder(db, logger);
    recorder.record(guest, { kind: 'text', query: 'pastillas de freno', country: 'CO', resultCount: 0, started: Date.now() });
    recorder.record(person, { kind: 'reference', query: 'NGK4711', country: 'MX', resultCount: 3, started: Date.now() - 7 });
    expect(statements).toHaveLength(0);
    await recorder.flush();
    expect(statements).toHaveLength(1);
    const [event] = events();
    expect([event!.type, event!.version]).toEqual(['ProductsSearched', 2]);
    // Each search a row: [ms after `since`, kind, query, guest or user, country, result count, latency].
    expect(event!.payload.searches.map(([, ...rest]) => rest.slice(0, 5))).toEqual([
      ['text', 'pastillas de freno', 'guest', 'CO', 0],
      ['reference', 'NGK4711', 'user', 'MX', 3],
    ]);
    expect(event!.payload.searches[0]![0]).toBe(0);
    expect(event!.payload.searches[1]![0]).toBeGreaterThanOrEqual(0);
    expect(event!.payload.searches[1]![6]).toBeGreaterThanOrEqual(7);
    expect(new Date(event!.payload.since).getTime()).toBeLessThanOrEqual(Date.now());
    await recorder.onModuleDestroy();
  });

  it('writes at once when a batch is full, and what is left when the process stops', async () => {
    const { db, statements, events } = fakeDb();
    const recorder = new ProductsSearchRecorder(db, logger);
    for (let i = 0; i <= SEARCH_EVENTS_BATCH; i++)
      recorder.record(guest, { kind: 'text', query: `filtro ${i}`, country: 'MX', resultCount: 1, started: Date.now() });
    await recorder.onModuleDestroy();
    expect(statements).toHaveLength(2);
    expect(events().map((e) => e.payload.searches.length)).toEqual([SEARCH_EVENTS_BATCH, 1]);
  });

  it('skips an empty query', async () => {
    const { db, statements } = fakeDb();
    const recorder = new ProductsSearchRecorder(db, logger);
    recorder.record(guest, { kind: 'text', query: '', country: 'CO', resultCount: 0, started: Date.now() });
    await recorder.onModuleDestroy();
    expect(statements).toHaveLength(0);
  });
});
