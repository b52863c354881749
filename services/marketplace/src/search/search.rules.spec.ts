import { describe, expect, it } from '@jest/globals';
import {
  cleanSearchText,
  crossReferenceRows,
  looksLikeReference,
  referenceKeys,
  searchWords,
  searchWordsOf,
  tsQueryText,
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
});
