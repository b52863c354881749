import { describe, expect, it } from '@jest/globals';
import { checkVin, normalizeFrame, normalizeVin, vinCheckDigitOf } from './vin.js';

describe('VIN rules for Latin America', () => {
  it('accepts lowercase and maps I, O and Q', () => {
    expect(normalizeVin('1m8gdm9axkp042788')).toBe('1M8GDM9AXKP042788');
    expect(normalizeVin('9bwzzz377vt0o4251')).toBe('9BWZZZ377VT004251');
    expect(normalizeVin('JTD BR32E 1 3 0 1 2 3 4 5 6'.replace(/ /g, ''))).toHaveLength(17);
  });

  it('answers the spec code and text when the length is wrong', () => {
    expect(checkVin('9BWZZZ377VT00425')).toEqual({
      ok: false,
      code: 'VIN must have 17 digits',
      messages: ['El VIN debe contener 17 caracteres'],
    });
  });

  it('requires the check digit only for North American VINs', () => {
    expect(checkVin('1M8GDM9AXKP042788')).toMatchObject({ ok: true, checkDigitValid: true });
    expect(checkVin('1M8GDM9A1KP042788')).toMatchObject({ ok: false, code: 'Invalid VIN' });
    // A Brazilian-built Volkswagen: no check digit in use, still valid.
    const br = checkVin('9BWZZZ377VT004251');
    expect(br.ok).toBe(true);
    expect(vinCheckDigitOf('1M8GDM9AXKP042788')).toBe('X');
  });

  it('reads Japanese frame numbers', () => {
    expect(normalizeFrame('grj150-0012345')).toBe('GRJ150-0012345');
    expect(normalizeFrame('GRJ1500012345')).toBeNull();
  });
});
