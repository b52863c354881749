import { describe, expect, it } from '@jest/globals';
import { DomainError, likePattern } from '@tuerca/platform';
import {
  compactCode,
  foldText,
  mergeChange,
  registryFieldsAfter,
  sniffImageType,
  toVehicleView,
  withoutMaskedIdentity,
  type VehicleRow,
} from './vehicle.rules.js';

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
  registry_fields: [],
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
    expect(likePattern('50%_x')).toBe('%50\\%\\_x%');
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

  describe('identity numbers (privacy of a plate lookup)', () => {
    const fromRegistry = row({
      vin: 'JM1BN1L77J1100001',
      details: { engine_number: 'PEVPS1234567', chassis_number: 'JM1BN1L77J1100001', color: 'Gris' },
      registry_fields: ['vin', 'engine_number', 'chassis_number'],
      source: 'plate-lookup',
    });

    it('masks the numbers a registry supplied, even for the garage’s owner, and gives the catalogue a token instead', () => {
      const view = toVehicleView(fromRegistry, 'vt1.token');
      expect(view.VIN).toBe('JM1••••••••••0001');
      expect(view.vin).toBe('JM1••••••••••0001');
      expect(view).toMatchObject({
        engine_number: 'PEV•••••4567',
        chassis_number: 'JM1••••••••••0001',
        color: 'Gris',
        catalogToken: 'vt1.token',
      });
    });

    it('shows whole the numbers the person typed', () => {
      const view = toVehicleView(row({ vin: '9FB4SREB4PM123456', details: { engine_number: 'K4M1234' } }), null);
      expect(view.VIN).toBe('9FB4SREB4PM123456');
      expect(view).toMatchObject({ engine_number: 'K4M1234', catalogToken: null });
    });

    it('treats a masked number sent back as no change, and a typed one as the person’s own', () => {
      const patch = withoutMaskedIdentity({ VIN: 'JM1••••••••••0001', engine_number: 'PEVPS7654321', model: 'Mazda 3' });
      expect(patch).toEqual({ engine_number: 'PEVPS7654321', model: 'Mazda 3' });
      expect(registryFieldsAfter(fromRegistry, patch)).toEqual(['vin', 'chassis_number']);
      expect(withoutMaskedIdentity({ VIN: '9FB4SREB4PM123456' })).toEqual({ vin: '9FB4SREB4PM123456' });
    });
  });
});
