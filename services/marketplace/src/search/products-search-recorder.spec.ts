import { describe, expect, it } from '@jest/globals';
import type { ContextDatabase, Logger } from '@tuerca/platform';
import { ProductsSearchRecorder, SEARCH_EVENTS_BATCH } from './products-search-recorder.js';

/** A database double that counts transactions and keeps the outbox rows they persist. */
function fakeDb() {
  const state = { transactions: 0, rows: [] as { type: string; envelope: { payload: Record<string, unknown> } }[] };
  const em = {
    create: (_entity: unknown, row: unknown) => row,
    persist: (row: (typeof state.rows)[number]) => state.rows.push(row),
    flush: async () => undefined,
  };
  const db = {
    transactional: async (work: (e: typeof em) => Promise<unknown>) => {
      state.transactions += 1;
      return work(em);
    },
  } as unknown as ContextDatabase;
  return { db, state };
}

const logger = { warn: () => undefined } as unknown as Logger;
const guest = { userId: null, owner: 'g:visitor-1', country: 'CO' as const };

describe('ProductsSearchRecorder', () => {
  it('queues on the request and writes a batch in one transaction', async () => {
    const { db, state } = fakeDb();
    const recorder = new ProductsSearchRecorder(db, logger);
    recorder.record(guest, { kind: 'text', query: 'pastillas de freno', country: 'CO', resultCount: 0, started: Date.now() });
    recorder.record(guest, { kind: 'reference', query: 'NGK4711', country: 'CO', resultCount: 3, started: Date.now() });
    expect(state.transactions).toBe(0);
    await recorder.flush();
    expect(state.transactions).toBe(1);
    expect(state.rows.map((r) => [r.type, r.envelope.payload.query, r.envelope.payload.found, r.envelope.payload.personKind])).toEqual([
      ['ProductsSearched', 'pastillas de freno', false, 'guest'],
      ['ProductsSearched', 'NGK4711', true, 'guest'],
    ]);
    await recorder.onModuleDestroy();
  });

  it('writes at once when a batch is full, and what is left when the process stops', async () => {
    const { db, state } = fakeDb();
    const recorder = new ProductsSearchRecorder(db, logger);
    for (let i = 0; i <= SEARCH_EVENTS_BATCH; i++)
      recorder.record(guest, { kind: 'text', query: `filtro ${i}`, country: 'MX', resultCount: 1, started: Date.now() });
    await recorder.onModuleDestroy();
    expect(state.transactions).toBe(2);
    expect(state.rows).toHaveLength(SEARCH_EVENTS_BATCH + 1);
  });

  it('skips an empty query', async () => {
    const { db, state } = fakeDb();
    const recorder = new ProductsSearchRecorder(db, logger);
    recorder.record(guest, { kind: 'text', query: '', country: 'CO', resultCount: 0, started: Date.now() });
    await recorder.onModuleDestroy();
    expect(state.transactions).toBe(0);
  });
});
