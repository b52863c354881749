import { describe, expect, it } from '@jest/globals';
import {
  cleanSearchText,
  crossReferenceRows,
  looksLikeReference,
  pageOfMatches,
  referenceKeys,
  searchWords,
  searchWordsOf,
  tsQueryText,
  type MatchOrder,
} from './search.rules.js';

describe('search rules', () => {
  it('cleans the search text as spec 000 §5 says: other characters become spaces, runs of spaces collapse; accents and case fold', () => {
    expect(cleanSearchText('  Pastillas   de FRENO, delanteras!! ')).toBe('pastillas de freno delanteras');
    expect(cleanSearchText('Bujía (iridio)')).toBe('bujia iridio');
    expect(searchWords(cleanSearchText('a b c d e f g h i j k l'))).toHaveLength(10);
  });

  it('asks every word, the last one as a prefix, and searches part-number-like words among references', () => {
    expect(tsQueryText(['filtro', 'aceite'])).toBe('filtro & aceite:*');
    expect(looksLikeReference('w6103')).toBe(true);
    expect(looksLikeReference('aceite')).toBe(false);
    expect(looksLikeReference('x5')).toBe(false);
  });

  it('normalises a product’s references once each, and offers letter words of titles and brands to the typo correction', () => {
    expect(referenceKeys(['W 610/3', 'w-610-3', null, '  ', 'Ñ-12'])).toEqual(['W6103', 'N12']);
    expect(searchWordsOf('Bujía de encendido NGK BKR6E iridio')).toEqual(['bujia', 'encendido', 'ngk', 'iridio']);
  });

  it('keeps one cross-reference per part and manufacturer (the last listed), never the OEM number itself', () => {
    const rows = crossReferenceRows({
      oemNormalized: '7701415062',
      oem: '77 01 415 062',
      manufacturer: 'Renault',
      references: [
        { manufacturer: 'Mann-Filter', partFormatted: 'WK 616/1', partNormalized: 'WK6161', type: 'replacement', way: 'forward' },
        { manufacturer: 'Mann-Filter', partFormatted: 'WK 616/1', partNormalized: 'WK6161', type: 'duplicate', way: 'bidirectional' },
        { manufacturer: 'Renault', partFormatted: '7701415062', partNormalized: '7701415062', type: 'synonym', way: 'forward' },
      ],
    });
    expect(rows).toEqual([
      {
        oem: '7701415062',
        part: 'WK6161',
        oemFormatted: '77 01 415 062',
        oemManufacturer: 'Renault',
        partFormatted: 'WK 616/1',
        partManufacturer: 'Mann-Filter',
        type: 'duplicate',
        way: 'bidirectional',
      },
    ]);
  });

  describe("a text search's page from the shared order and the person's quotations (spec 000 §4)", () => {
    // Shared order: sale a, order b, quotation items c d e (no record, by relevance then price), unavailable f.
    const order: MatchOrder = {
      ids: ['a', 'b', 'c', 'd', 'e', 'f'],
      groups: Uint8Array.from([0, 1, 3, 3, 3, 5]),
      ranks: Float64Array.from([0.5, 0.1, 0.9, 0.5, 0.5, 0.9]),
      prices: Float64Array.from([10, 10, 10, 10, 20, 10]),
    };
    const index = new Map(order.ids.map((id, i) => [id, i]));
    const ids = (quotes: [string, 'awaiting' | 'available' | 'not_available'][], offset = 0, limit = 10) =>
      pageOfMatches(order, index, new Map(quotes.map(([p, s]) => [p, { s }])), offset, limit).map((i) => order.ids[i]);

    it('keeps the shared order for a person without quotations, and pages it', () => {
      expect(ids([])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      expect(ids([], 2, 2)).toEqual(['c', 'd']);
      expect(ids([], 5, 10)).toEqual(['f']);
      expect(ids([], 6, 10)).toEqual([]);
    });

    it('moves an awaited quotation item before those without record, and an answered one after them', () => {
      expect(ids([['e', 'awaiting']])).toEqual(['a', 'b', 'e', 'c', 'd', 'f']);
      expect(ids([['c', 'available']])).toEqual(['a', 'b', 'd', 'e', 'c', 'f']);
      expect(
        ids([
          ['c', 'not_available'],
          ['d', 'available'],
          ['e', 'awaiting'],
        ]),
      ).toEqual(['a', 'b', 'e', 'c', 'd', 'f']);
      // Within a group: relevance, then price, then id.
      expect(
        ids([
          ['e', 'awaiting'],
          ['d', 'awaiting'],
          ['c', 'awaiting'],
        ]),
      ).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      expect(ids([['e', 'awaiting']], 2, 2)).toEqual(['e', 'c']);
    });

    it('leaves in place quotations on sale, order or unavailable items and on products the search did not match', () => {
      expect(
        ids([
          ['a', 'awaiting'],
          ['b', 'available'],
          ['f', 'awaiting'],
          ['zz', 'awaiting'],
        ]),
      ).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    });
  });
});
