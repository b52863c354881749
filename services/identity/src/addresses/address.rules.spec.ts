import { describe, expect, it } from '@jest/globals';
import {
  addressInputSchema,
  normalizePhone,
  postalCodeInMxState,
  shippingAddressSchema,
  toShippingAddress,
  CO_DIVIPOLA,
  MX_STATES,
} from '@tuerca/contracts';
import { canAddAddress, isDefaultAfterSave, nextDefault } from './address.rules.js';

describe('default address', () => {
  it('the first address is the default, whatever was asked', () => {
    expect(isDefaultAfterSave({ isDefault: false }, { otherAddresses: 0, wasDefault: false })).toBe(true);
  });
  it('asking for it moves the default; not asking keeps what it was', () => {
    expect(isDefaultAfterSave({ isDefault: true }, { otherAddresses: 2, wasDefault: false })).toBe(true);
    expect(isDefaultAfterSave({}, { otherAddresses: 2, wasDefault: false })).toBe(false);
    expect(isDefaultAfterSave({ isDefault: false }, { otherAddresses: 2, wasDefault: true })).toBe(true);
  });
  it('the most recently changed address takes over a deleted default', () => {
    const a = { id: 'a', updatedAt: new Date('2026-01-01') };
    const b = { id: 'b', updatedAt: new Date('2026-03-01') };
    expect(nextDefault([a, b])).toBe(b);
    expect(nextDefault([])).toBeUndefined();
  });
  it('a person keeps at most 20 addresses', () => {
    expect(canAddAddress(19)).toBe(true);
    expect(canAddAddress(20)).toBe(false);
  });
});

describe('phones (E.164, +57 and +52)', () => {
  it.each([
    ['300 123 4567', 'CO', '+573001234567'],
    ['+57 (300) 123-4567', 'CO', '+573001234567'],
    ['601 234 5678', 'CO', '+576012345678'],
    ['0057 3001234567', 'MX', '+573001234567'],
    ['55 1234 5678', 'MX', '+525512345678'],
    ['+52 1 55 1234 5678', 'MX', '+525512345678'],
    ['+52 477 123 4567', 'CO', '+524771234567'],
  ] as const)('%s in %s → %s', (raw, country, e164) => {
    expect(normalizePhone(raw, country)).toBe(e164);
  });
  it.each([['12345'], ['+1 202 555 0100'], ['+57 200 123 4567'], ['+57 300 123 456'], ['abc']])('%s is refused', (raw) => {
    expect(normalizePhone(raw, 'CO')).toBeUndefined();
  });
});

describe('places', () => {
  it('the DANE list has the 33 departments and 1,123 municipalities, each code under its department', () => {
    expect(CO_DIVIPOLA).toHaveLength(33);
    const municipalities = CO_DIVIPOLA.flatMap((d) => d.municipalities.map(([code]) => ({ code, department: d.code })));
    expect(municipalities).toHaveLength(1123);
    expect(new Set(municipalities.map((m) => m.code)).size).toBe(1123);
    for (const m of municipalities) expect(m.code.startsWith(m.department)).toBe(true);
    expect(CO_DIVIPOLA.find((d) => d.code === '05')!.municipalities).toContainEqual(['05001', 'Medellín']);
  });
  it('Mexican postal codes belong to their state', () => {
    expect(MX_STATES).toHaveLength(32);
    expect(postalCodeInMxState('37000', '11')).toBe(true); // León, Guanajuato
    expect(postalCodeInMxState('06600', '09')).toBe(true); // Juárez, Ciudad de México
    expect(postalCodeInMxState('64000', '19')).toBe(true); // Monterrey, Nuevo León
    expect(postalCodeInMxState('37000', '14')).toBe(false);
    expect(postalCodeInMxState('1234', '11')).toBe(false);
  });
});

describe('address input', () => {
  const co = {
    country: 'CO',
    receiverName: 'Ana Gómez',
    phone: '300 123 4567',
    departmentCode: '05',
    municipalityCode: '05001',
    addressLine: 'Calle 10 # 43A-30, apto 501',
  };
  it('a Colombian address becomes its self-contained form', () => {
    const parsed = addressInputSchema.parse(co);
    expect(toShippingAddress(parsed)).toEqual({
      country: 'CO',
      label: null,
      receiverName: 'Ana Gómez',
      phone: '+573001234567',
      regionCode: '05',
      regionName: 'Antioquia',
      cityCode: '05001',
      cityName: 'Medellín',
      neighborhood: null,
      postalCode: null,
      addressLine: 'Calle 10 # 43A-30, apto 501',
      notes: null,
    });
  });
  it('a municipality of another department is refused with the Spanish text', () => {
    const r = addressInputSchema.safeParse({ ...co, municipalityCode: '11001' });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([
      expect.objectContaining({ path: ['municipalityCode'], message: 'Elige un municipio del departamento elegido' }),
    ]);
  });
  it('a Mexican postal code of another state is refused', () => {
    const r = addressInputSchema.safeParse({
      country: 'MX',
      receiverName: 'Luis Pérez',
      phone: '477 123 4567',
      stateCode: '11',
      municipality: 'León',
      neighborhood: 'Centro',
      postalCode: '44100',
      addressLine: 'Av. Madero 120',
    });
    expect(r.error!.issues[0]).toMatchObject({ path: ['postalCode'], message: 'El código postal 44100 no corresponde a Guanajuato' });
  });
  it('a snapshot whose names disagree with its codes is refused', () => {
    const snapshot = toShippingAddress(addressInputSchema.parse(co));
    expect(shippingAddressSchema.safeParse(snapshot).success).toBe(true);
    expect(shippingAddressSchema.safeParse({ ...snapshot, cityName: 'Bogotá D.C.' }).success).toBe(false);
  });
});
