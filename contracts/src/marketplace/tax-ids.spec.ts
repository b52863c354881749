import { describe, expect, it } from '@jest/globals';
import { nitCheckDigit, normalizeNit, normalizeRfc } from './tax-ids.js';

describe('tax ids', () => {
  it("computes the DIAN's NIT check digit and accepts NITs as people write them", () => {
    expect(nitCheckDigit('800197268')).toBe(4);
    expect(nitCheckDigit('899999068')).toBe(1);
    expect(nitCheckDigit('860002964')).toBe(4);
    expect(normalizeNit('800.197.268-4')).toBe('800197268-4');
    expect(normalizeNit('8001972684')).toBe('800197268-4');
    expect(normalizeNit('800197268-5')).toBeNull();
    expect(normalizeNit('80019726A-4')).toBeNull();
  });

  it("checks an RFC's shape, date and SAT check digit (companies 12 characters, people 13)", () => {
    expect(normalizeRfc('WMT970714R10')).toBe('WMT970714R10');
    expect(normalizeRfc('tme-840315-kt6')).toBe('TME840315KT6');
    expect(normalizeRfc('GODE561231GR8')).toBe('GODE561231GR8');
    expect(normalizeRfc('GODE561231GR7')).toBeNull();
    expect(normalizeRfc('WMT971314R10')).toBeNull();
    expect(normalizeRfc('WMT97071R10')).toBeNull();
  });
});
