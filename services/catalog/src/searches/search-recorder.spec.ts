import { describe, expect, it } from '@jest/globals';
import type { ContextDatabase, Logger, Visitor } from '@tuerca/platform';
import { SEARCH_EVENTS_BATCH, SearchRecorder } from './search-recorder.js';

/** A database double that counts transactions and brand reads, and keeps the outbox rows they persist. */
function fakeDb(brands: Record<string, string> = {}) {
  const state = { transactions: 0, brandReads: 0, rows: [] as { type: string; envelope: { payload: Record<string, unknown> } }[] };
  const chain = {
    select: () => chain,
    where: (_column: string, _op: string, codes: string[]) => ({
      execute: async () => {
        state.brandReads += 1;
        return codes.filter((c) => brands[c]).map((code) => ({ code, brand: brands[code]! }));
      },
    }),
  };
  const em = {
    create: (_entity: unknown, row: unknown) => row,
    persist: (row: (typeof state.rows)[number]) => state.rows.push(row),
    flush: async () => undefined,
    getKysely: () => ({ selectFrom: () => chain }),
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
const guest = { requestId: 'r1', guestId: 'visitor-1', sessionId: null, user: null, isGuest: true, ip: '127.0.0.1' } as Visitor;

describe('SearchRecorder', () => {
  it('queues on the request and writes a batch in one transaction, the brands of its catalogues read once', async () => {
    const { db, state } = fakeDb({ MAZDA01: 'Mazda' });
    const recorder = new SearchRecorder(db, logger);
    recorder.record(guest, { kind: 'oem', query: 'BP4K3328Z', catalogCode: 'MAZDA01', resultCount: 1, started: Date.now() });
    recorder.record(guest, {
      kind: 'vin',
      query: 'JM1BM1U74E1000001',
      catalogCode: 'MAZDA01',
      resultCount: 1,
      started: Date.now(),
      vinAnswer: 'exact',
    });
    recorder.record(guest, { kind: 'substitutions', query: 'QQ999', catalogCode: null, resultCount: 0, started: Date.now() });
    expect(state.transactions).toBe(0);
    await recorder.flush();
    expect(state.transactions).toBe(1);
    expect(state.brandReads).toBe(1);
    expect(state.rows.map((r) => [r.type, r.envelope.payload.query, r.envelope.payload.found, r.envelope.payload.make])).toEqual([
      ['CatalogSearched', 'BP4K3328Z', true, 'Mazda'],
      ['CatalogSearched', 'JM1BM1U74E1000001', true, 'Mazda'],
      ['CatalogSearched', 'QQ999', false, null],
    ]);
    expect(state.rows[1]!.envelope.payload).toMatchObject({ kind: 'vin', vinAnswer: 'exact', personKind: 'guest' });
    await recorder.onModuleDestroy();
  });

  it('writes at once when a batch is full, and what is left when the process stops', async () => {
    const { db, state } = fakeDb();
    const recorder = new SearchRecorder(db, logger);
    for (let i = 0; i <= SEARCH_EVENTS_BATCH; i++)
      recorder.record(guest, { kind: 'oem', query: `OEM${i}`, catalogCode: null, resultCount: 0, started: Date.now() });
    await recorder.onModuleDestroy();
    expect(state.transactions).toBe(2);
    expect(state.brandReads).toBe(0);
    expect(state.rows).toHaveLength(SEARCH_EVENTS_BATCH + 1);
  });
});
