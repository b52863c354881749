import { describe, expect, it } from '@jest/globals';
import { catalogVehicles } from './catalog/generate.js';
import { DEMO_PLATES, demoRegistryVehicles } from './registry.js';
import { DEMO_MAKES, vinCheckDigit, vinYearCode } from './vehicles.js';

describe('the plate registry', () => {
  const vehicles = demoRegistryVehicles(7, 1);

  it('gives registry vehicles real plate formats and valid VINs, the same for the same seed', () => {
    expect(vehicles).toHaveLength(400);
    expect(demoRegistryVehicles(7, 1)).toEqual(vehicles);
    for (const v of vehicles) {
      expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(v.vin[8]).toBe(vinCheckDigit(v.vin));
      expect(v.vin[9]).toBe(vinYearCode(v.year));
      expect(v.vin.slice(0, 3)).toBe(DEMO_MAKES.find((m) => m.key === v.makeKey)!.wmi);
      if (v.country === 'CO') expect(v.plate).toMatch(v.vehicleClass === 'Motocicleta' ? /^[A-Z]{3}\d{2}[A-Z]$/ : /^[A-Z]{3}\d{3}$/);
      else expect(v.plate).toMatch(/^[A-Z]{3}\d{3,4}$/);
    }
    expect(new Set(vehicles.map((v) => v.plate)).size).toBe(400);
    expect(new Set(vehicles.map((v) => v.vin)).size).toBe(400);
  });

  it('is more than half motorcycles in Colombia, as the fleet is', () => {
    const co = vehicles.filter((v) => v.country === 'CO');
    const motorcycles = co.filter((v) => v.vehicleClass === 'Motocicleta').length;
    expect(motorcycles / co.length).toBeGreaterThan(0.45);
    expect(vehicles.filter((v) => v.country === 'MX' && v.vehicleClass === 'Motocicleta')).toEqual([]);
  });

  it('has the demo plates with their vehicles at every seed', () => {
    for (const seed of [7, 2026]) {
      const bySeed = new Map(demoRegistryVehicles(seed, 1).map((v) => [v.plate, v]));
      for (const p of DEMO_PLATES)
        expect(bySeed.get(p.plate)).toMatchObject({
          country: p.country,
          makeKey: p.makeKey,
          model: p.model,
          year: p.year,
          engineCode: p.engineCode,
        });
    }
    expect(DEMO_PLATES.find((p) => p.plate === 'AAC054')).toMatchObject({ model: 'Mazda 3', year: 2018 });
    expect(DEMO_PLATES.find((p) => p.plate === 'VAP829')).toMatchObject({ model: 'City', year: 2017 });
  });

  it('closes the chain plate → VIN → the catalogue vehicle, of the same make, model, year and market', () => {
    const catalogue = new Map([...catalogVehicles(7, 1)].map((v) => [v.vehicleId, v]));
    const owner = new Map<string, string>();
    for (const v of catalogue.values()) for (const vin of v.vins) owner.set(vin, v.vehicleId);
    expect(owner.size).toBe([...catalogue.values()].reduce((n, v) => n + v.vins.length, 0)); // no VIN in two vehicles
    for (const r of vehicles) {
      const vehicle = catalogue.get(r.catalogVehicleId);
      expect(vehicle).toBeDefined();
      expect(owner.get(r.vin)).toBe(r.catalogVehicleId);
      expect(vehicle!.brand).toBe(r.make);
      expect(vehicle!.name.startsWith(`${r.model} `)).toBe(true);
      expect(vehicle!.attributes.find((a) => a.name === 'Motor')!.value).toBe(r.engineCode);
      expect(vehicle!.market).toBe(r.country);
      expect(vehicle!.yearFrom).toBeLessThanOrEqual(r.year);
      expect(vehicle!.yearTo).toBeGreaterThanOrEqual(r.year);
    }
  });

  it('spreads over production series at larger scales, still in the catalogue', () => {
    const three = demoRegistryVehicles(7, 3);
    expect(three).toHaveLength(1200);
    expect(new Set(three.map((v) => v.series))).toEqual(new Set([0, 1, 2]));
    const ids = new Set([...catalogVehicles(7, 3)].map((v) => v.vehicleId));
    for (const r of three) expect(ids.has(r.catalogVehicleId)).toBe(true);
  });
});
