import { describe, expect, it } from '@jest/globals';
import { bogotaDay, searchFactOf, searchFactsOf, searchIdOf } from './searches.rules.js';

const base = { eventId: '6f1c2d9e-8a57-4d8e-9a37-0c1f2a3b4c5d', version: 1, actor: { kind: 'guest' as const, id: 'g1' } };

describe('searches rules', () => {
  it('counts Bogotá days (UTC−5): 03:30 UTC is still the day before', () => {
    expect(bogotaDay(new Date('2026-01-11T03:30:00Z'))).toBe('2026-01-10');
    expect(bogotaDay(new Date('2026-01-11T05:00:00Z'))).toBe('2026-01-11');
  });

  it('keeps a catalogue search as it came, with its make', () => {
    const fact = searchFactOf({
      ...base,
      type: 'CatalogSearched',
      occurredAt: '2026-03-02T15:00:00.000Z',
      payload: {
        kind: 'oem',
        query: '1K0698151',
        personKind: 'user',
        catalogCode: 'VW',
        found: true,
        resultCount: 3,
        latencyMs: 12,
        make: 'VOLKSWAGEN',
      },
    });
    expect(fact).toMatchObject({
      day: '2026-03-02',
      kind: 'oem',
      query: '1K0698151',
      catalogCode: 'VW',
      make: 'VOLKSWAGEN',
      found: true,
      country: null,
    });
  });

  it('keeps a marketplace search with its country and no catalogue', () => {
    const fact = searchFactOf({
      ...base,
      type: 'ProductsSearched',
      occurredAt: '2026-03-02T15:00:00.000Z',
      payload: {
        kind: 'text',
        query: 'pastillas de freno',
        personKind: 'guest',
        country: 'MX',
        found: false,
        resultCount: 0,
        latencyMs: 30,
      },
    });
    expect(fact).toMatchObject({ kind: 'text', query: 'pastillas de freno', country: 'MX', catalogCode: null, make: null, found: false });
  });

  it("keeps each search of a moment's batch (ProductsSearched v2) as a row of its own, at its own time, with an id derived from the event's", () => {
    const facts = searchFactsOf({
      ...base,
      version: 2,
      type: 'ProductsSearched',
      occurredAt: '2026-03-02T15:00:00.100Z',
      actor: { kind: 'system', id: 'system' },
      payload: {
        since: '2026-03-02T04:59:59.000Z',
        searches: [
          [0, 'reference', 'WK6161', 'user', 'CO', 2, 3],
          [36_001_050, 'text', 'bujia', 'guest', 'MX', 0, 9],
        ],
      },
    });
    expect(facts.map((f) => [f.day, f.kind, f.query, f.personKind, f.country, f.found, f.resultCount, f.latencyMs])).toEqual([
      ['2026-03-01', 'reference', 'WK6161', 'user', 'CO', true, 2, 3],
      ['2026-03-02', 'text', 'bujia', 'guest', 'MX', false, 0, 9],
    ]);
    expect(facts.map((f) => f.eventId)).toEqual([searchIdOf(base.eventId, 0), searchIdOf(base.eventId, 1)]);
    expect(new Set(facts.map((f) => f.eventId)).size).toBe(2);
    expect(facts[0]!.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(searchIdOf(base.eventId, 0)).toBe(facts[0]!.eventId);
    expect(
      searchFactsOf({
        ...base,
        type: 'ProductsSearched',
        occurredAt: '2026-03-02T15:00:00.000Z',
        payload: { kind: 'text', query: 'x', personKind: 'guest', country: null, found: false, resultCount: 0, latencyMs: 1 },
      }),
    ).toHaveLength(1);
  });

  it('never keeps a plate: v2 carries none, v1 had one and it is dropped', () => {
    const v2 = searchFactOf({
      ...base,
      version: 2,
      type: 'PlateLookedUp',
      occurredAt: '2026-03-02T15:00:00.000Z',
      payload: { country: 'CO', found: true, personKind: 'user', make: 'MAZDA', latencyMs: 40 },
    });
    expect(v2).toMatchObject({ kind: 'plate', query: '', make: 'MAZDA', personKind: 'user', resultCount: 1, latencyMs: 40 });
    const v1 = searchFactOf({
      ...base,
      type: 'PlateLookedUp',
      occurredAt: '2026-03-02T15:00:00.000Z',
      payload: { licensePlate: 'ABC123', country: 'CO', found: false, who: { kind: 'user', id: 'u1' }, vehicleId: null },
    });
    expect(v1).toMatchObject({ kind: 'plate', query: '', make: null, personKind: 'user', found: false, resultCount: 0 });
    expect(JSON.stringify(v1)).not.toContain('ABC123');
  });

  it('refuses an event that is not a search', () => {
    expect(() => searchFactOf({ ...base, type: 'ProductDeleted', occurredAt: '2026-03-02T15:00:00.000Z', payload: {} } as never)).toThrow(
      'not a search event',
    );
  });
});
