import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@tuerca/platform';
import { compactCode, containsPattern, foldText, mergeChange, sniffImageType, type VehicleRow } from './vehicle.rules.js';

const row = (over: Partial<VehicleRow> = {}): VehicleRow => ({
  id: '6f1c2a1e-0000-4000-8000-000000000001',
  user_id: 'u1',
  country: 'CO',
  brand_id: 'kia',
  brand: 'Kia',
  model: 'Picanto',
  year: 2018,
  vin: null,
  license_plate: 'ABC123',
  cylinder_capacity: '1248',
  class: null,
  body_type: null,
  number_of_doors: null,
  complement: null,
  is_verified: false,
  is_test: false,
  details: { color: 'Gris' },
  property_card_image: null,
  source: 'manual',
  created_at: new Date(),
  updated_at: new Date(),
  ...over,
});

describe('vehicle rules', () => {
  it('knows images by their magic bytes only', () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8L'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg/>'))).toBeNull();
  });

  it('folds search texts and codes', () => {
    expect(foldText('  Citroën   ÉLYSÉE ')).toBe('citroen elysee');
    expect(compactCode('abc-12 3')).toBe('ABC123');
    expect(containsPattern('50%_x')).toBe('%50\\%\\_x%');
  });

  it('merges a change onto the stored vehicle, dropping brand_id when only the brand name changes', () => {
    expect(mergeChange(row(), { model: 'Rio' })).toMatchObject({ country: 'CO', model: 'Rio', brand_id: 'kia', color: 'Gris' });
    expect(mergeChange(row(), { brand: 'Mazda' })).toMatchObject({ brand: 'Mazda', brand_id: null });
  });

  it('refuses any change to a verified vehicle and a change of country', () => {
    expect(() => mergeChange(row({ is_verified: true }), {})).toThrow(DomainError);
    expect(() => mergeChange(row(), { country: 'MX' })).toThrow('El país del vehículo no se puede cambiar');
    expect(mergeChange(row(), { country: 'CO' }).country).toBe('CO');
  });
});
