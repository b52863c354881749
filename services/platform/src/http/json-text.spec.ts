import { describe, expect, it } from '@jest/globals';
import { JsonText, writeJson } from './json-text.js';

describe('writeJson', () => {
  it('writes what JSON.stringify writes, for every kind of value', () => {
    const value = {
      a: 1,
      b: 'dos "comillas" y ñ',
      c: [1, null, undefined, 'x', { d: true }],
      e: undefined,
      f: new Date('2026-12-07T00:00:00.000Z'),
      g: { h: [], i: {} },
      j: null,
    };
    expect(writeJson(value)).toBe(JSON.stringify(value));
    expect(writeJson([undefined, () => 1])).toBe(JSON.stringify([undefined, () => 1]));
    expect(writeJson('texto')).toBe('"texto"');
  });

  it('puts a JsonText where it stands, as written once', () => {
    const row = { id: 'p1', title: 'Filtro "Mann"', precio: 100 };
    const body = { data: { products: [JsonText.of(row), { id: 'p2' }], show: true }, metadata: { found: true } };
    const text = writeJson(body);
    expect(JSON.parse(text)).toEqual({ data: { products: [row, { id: 'p2' }], show: true }, metadata: { found: true } });
    expect(text).toContain(JSON.stringify(row));
    // Where JSON.stringify meets one (outside a JsonReply), it still writes the value.
    expect(JSON.parse(JSON.stringify(body))).toEqual(JSON.parse(text));
  });
});
