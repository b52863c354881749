import { describe, expect, it } from '@jest/globals';
import { phoneCountry, toE164 } from './phone.js';

describe('toE164 (CO +57, MX +52)', () => {
  it('keeps a Colombian mobile and landline, whatever the separators', () => {
    expect(toE164('+57 300 123 4567')).toBe('+573001234567');
    expect(toE164('573001234567')).toBe('+573001234567');
    expect(toE164('0057-300-123-4567')).toBe('+573001234567');
    expect(toE164('+57 (601) 234 5678')).toBe('+576012345678');
  });

  it('reads WhatsApp’s Mexican 52 1 form as the 10-digit number', () => {
    expect(toE164('5215512345678')).toBe('+525512345678');
    expect(toE164('+52 55 1234 5678')).toBe('+525512345678');
  });

  it('reads a national number in the default country only', () => {
    expect(toE164('3001234567', 'CO')).toBe('+573001234567');
    expect(toE164('5512345678', 'MX')).toBe('+525512345678');
    expect(toE164('3001234567')).toBeNull();
  });

  it('refuses other countries, wrong lengths and text', () => {
    expect(toE164('+14155550123')).toBeNull();
    expect(toE164('+57 300 123 456')).toBeNull();
    expect(toE164('+57 200 123 4567')).toBeNull();
    expect(toE164('+52 55 1234 567')).toBeNull();
    expect(toE164('BAJA')).toBeNull();
    expect(toE164('')).toBeNull();
    expect(toE164(null)).toBeNull();
  });

  it('names the country', () => {
    expect(phoneCountry('+573001234567')).toBe('CO');
    expect(phoneCountry('+525512345678')).toBe('MX');
    expect(phoneCountry('+14155550123')).toBeNull();
  });
});
