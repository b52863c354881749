import { describe, expect, it } from '@jest/globals';
import { bogotaDay, searchFactOf } from './searches.rules.js';

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
