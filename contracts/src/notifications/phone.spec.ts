import { describe, expect, it } from '@jest/globals';
import { registerBodySchema, completeSignUpBodySchema } from '../identity/auth.js';
import { storeInputSchema } from '../marketplace/stores.js';
import { MOBILE_E164_ERROR, phoneCountry, toE164 } from './phone.js';

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

describe('E.164 at sign-up and store creation (issue 18)', () => {
  it('normalises a registration number in the chosen country, or refuses it in Spanish on mobile', () => {
    const base = { email: 'ana@example.com', password: 'Clave-segura-2026', name: 'Ana Ruiz' };
    expect(registerBodySchema.parse({ ...base, mobile: '300 123 4567' }).mobile).toBe('+573001234567');
    expect(registerBodySchema.parse({ ...base, mobile: '55 1234 5678', country: 'MX' }).mobile).toBe('+525512345678');
    expect(registerBodySchema.parse({ ...base, mobile: '+52 1 55 1234 5678', country: 'CO' }).mobile).toBe('+525512345678');
    expect(registerBodySchema.parse(base).mobile).toBeUndefined();
    for (const mobile of ['+1 415 555 0100', '1234567', '+57 200 123 4567']) {
      const r = registerBodySchema.safeParse({ ...base, mobile });
      expect(r.success).toBe(false);
      expect(r.error!.issues).toContainEqual(expect.objectContaining({ path: ['mobile'], message: MOBILE_E164_ERROR }));
    }
  });

  it('completes a sign-up and creates a store only with a CO or MX number', () => {
    expect(completeSignUpBodySchema.parse({ name: 'Ana Ruiz', mobile: '3001234567', country: 'CO' }).mobile).toBe('+573001234567');
    expect(completeSignUpBodySchema.safeParse({ name: 'Ana Ruiz', mobile: '4151234567', country: 'CO' }).success).toBe(false);
    expect(storeInputSchema.parse({ name: 'Repuestos León', country: 'MX', mobile: '4771234567' }).mobile).toBe('+524771234567');
    expect(storeInputSchema.parse({ name: 'Repuestos León', mobile: null }).mobile).toBeNull();
    expect(storeInputSchema.safeParse({ name: 'Repuestos La 68', country: 'CO', mobile: '4771234567' }).success).toBe(false);
  });
});
