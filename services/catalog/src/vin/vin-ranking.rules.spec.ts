import { describe, expect, it } from '@jest/globals';
import type { IndexedVehicle } from './catalogue-vehicles.index.js';
import type { DecodedVin } from './vin-decoder.js';
import { MAX_CANDIDATES, rankVin, vehicleLabel } from './vin-ranking.rules.js';
import type { VpicDecoding } from './vpic.reader.js';

let serial = 0;
function vehicle(brand: string, model: string, from: number, to: number, extra: Partial<IndexedVehicle> = {}): IndexedVehicle {
  serial += 1;
  const engine = extra.engineCode ?? 'E1';
  return {
    vehicleId: `v${String(serial).padStart(4, '0')}`,
    catalogCode: brand.toUpperCase().slice(0, 4),
    brand,
    name: `${model} 1.6 ${engine} (${from}-${to})`,
    model,
    yearFrom: from,
    yearTo: to,
    market: 'CO',
    motorcycle: false,
    engineCode: engine,
    displacementCc: 1598,
    body: 'Sedán',
    fuel: 'Gasolina',
    attributes: [{ name: 'Mercado', value: extra.market === 'MX' ? 'México' : 'Colombia' }],
    ...extra,
  };
}

const vpic = (model: string | null, extra: Partial<VpicDecoding> = {}): VpicDecoding => ({
  make: null,
  model,
  series: null,
  body: null,
  displacementCc: null,
  engineModel: null,
  fuel: null,
  kind: null,
  ...extra,
});

function decoded(vin: string, make: string, hypotheses: DecodedVin['hypotheses'], extra: Partial<DecodedVin> = {}): DecodedVin {
  return {
    vin,
    wmi: vin.slice(0, 3),
    makes: [{ name: make, source: 'wmi', decided: true }],
    kind: 'car',
    country: null,
    implausible: false,
    vds: null,
    hypotheses,
    northAmerican: false,
    ...extra,
  };
}

const catalogue = (key: string, brand: string, vehicles: IndexedVehicle[]) => new Map([[key, { brand, vehicles }]]);

describe('ranking VIN candidates', () => {
  it('merges the same vehicle of the CO and MX catalogues, keeping the VIN’s market', () => {
    const co = vehicle('Mazda', 'Mazda 3', 2016, 2021);
    const mx = { ...co, vehicleId: 'mx1', market: 'MX', attributes: [{ name: 'Mercado', value: 'México' }] };
    const bt50 = vehicle('Mazda', 'BT-50', 2014, 2019);
    const result = rankVin({
      decoded: decoded('9FC12345XJA000001', 'Mazda', [{ year: 2018, prior: 1, vpic: null }], { country: 'Colombia' }),
      catalogue: catalogue('mazda', 'Mazda', [mx, co, bt50]),
      visitorMarket: null,
    });
    expect(result.kind).toBe('candidates');
    if (result.kind !== 'candidates') return;
    const ids = result.candidates.map((c) => c.vehicle.vehicleId);
    expect(ids).toContain(co.vehicleId);
    expect(ids).not.toContain('mx1');
    expect(new Set(result.candidates.map((c) => c.vehicle.name)).size).toBe(result.candidates.length);
  });

  it('filters by the decoded model before cutting, so the right model is not cut away', () => {
    const others = Array.from({ length: 25 }, (_, i) => vehicle('Toyota', `Model ${String.fromCharCode(65 + i)}`, 2006, 2012));
    const yaris = vehicle('Toyota', 'Yaris', 2006, 2012);
    const result = rankVin({
      decoded: decoded('JTDBT923771012345', 'Toyota', [{ year: 2007, prior: 1, vpic: vpic('Yaris', { displacementCc: 1500 }) }], {
        northAmerican: false,
      }),
      catalogue: catalogue('toyota', 'Toyota', [...others, yaris]),
      visitorMarket: 'CO',
    });
    expect(result.kind).toBe('candidates');
    if (result.kind !== 'candidates') return;
    expect(result.candidates.map((c) => c.vehicle.model)).toEqual(['Yaris']);
    expect(result.candidates[0]!.evidence.map((e) => e.kind)).toEqual(expect.arrayContaining(['make', 'year', 'model']));
  });

  it('ranks by evidence and cuts to the maximum when the VIN names no model', () => {
    const list = Array.from({ length: 30 }, (_, i) => vehicle('Renault', `M${i}`, 2010, 2020));
    const result = rankVin({
      decoded: decoded('9FBXXXXXXBM000001', 'Renault', [{ year: 2011, prior: 1, vpic: null }]),
      catalogue: catalogue('renault', 'Renault', list),
      visitorMarket: 'CO',
    });
    expect(result.kind === 'candidates' && result.candidates.length).toBe(MAX_CANDIDATES);
  });

  it('prefers the body the VDS writes (a Logan sedan before a Sandero hatchback)', () => {
    const sandero = vehicle('Renault', 'Sandero', 2016, 2024, { body: 'Hatchback' });
    const koleos = vehicle('Renault', 'Koleos', 2017, 2023, { body: 'SUV' });
    const logan = vehicle('Renault', 'Logan', 2016, 2024, { body: 'Sedán' });
    const result = rankVin({
      decoded: decoded('9FB4SREB4PM000001', 'Renault', [{ year: 2023, prior: 1, vpic: null }], {
        vds: { models: ['Logan', 'Sandero', 'Stepway', 'Duster'], years: [2004, 2100], body: 'Sedan' },
        country: 'Colombia',
      }),
      catalogue: catalogue('renault', 'Renault', [sandero, koleos, logan]),
      visitorMarket: null,
    });
    expect(result.kind === 'candidates' && result.candidates.map((c) => c.vehicle.model)).toEqual(['Logan', 'Sandero']);
  });

  it('never opens a car catalogue for a motorcycle VIN', () => {
    const city = vehicle('Honda', 'City', 2010, 2020);
    const result = rankVin({
      decoded: decoded('9C2JC4110ER000001', 'Honda', [{ year: 2014, prior: 1, vpic: null }], { kind: 'motorcycle' }),
      catalogue: catalogue('honda', 'Honda', [city]),
      visitorMarket: null,
    });
    expect(result).toMatchObject({ kind: 'notInCatalog', label: 'Honda 2014' });
    const moto = vehicle('Honda', 'CB 190R', 2014, 2020, { motorcycle: true, body: 'Motocicleta' });
    const found = rankVin({
      decoded: decoded('9C2JC4110ER000001', 'Honda', [{ year: 2014, prior: 1, vpic: null }], { kind: 'motorcycle' }),
      catalogue: catalogue('honda', 'Honda', [city, moto]),
      visitorMarket: null,
    });
    expect(found.kind === 'candidates' && found.candidates.map((c) => c.vehicle.model)).toEqual(['CB 190R']);
  });

  it('resolves a Mexican Jetta to 2014 by its VDS model years, not to 1984', () => {
    const jetta = vehicle('Volkswagen', 'Jetta', 2012, 2017);
    const result = rankVin({
      decoded: decoded(
        '3VWDJ2166EM068639',
        'Volkswagen',
        [
          { year: 2014, prior: 0.55, vpic: null },
          { year: 1984, prior: 0.45, vpic: vpic('Jetta') },
        ],
        { vds: { models: ['Jetta'], years: [2010, 2018], body: null }, country: 'México' },
      ),
      catalogue: catalogue('volkswagen', 'Volkswagen', [jetta]),
      visitorMarket: null,
    });
    expect(result).toMatchObject({ kind: 'candidates', identity: { years: [2014], model: 'Jetta' } });
  });

  it('reads a US VIN’s year from vPIC when position 7 misleads, and names the vehicle when the catalogue lacks it', () => {
    const ranger = vehicle('Ford', 'Ranger', 2012, 2025);
    const result = rankVin({
      decoded: decoded(
        '2FTCF15F2ECA55516',
        'Ford',
        [
          { year: 2014, prior: 0.9, vpic: null },
          { year: 1984, prior: 0.3, vpic: vpic('F-150') },
        ],
        { northAmerican: true, kind: 'truck' },
      ),
      catalogue: catalogue('ford', 'Ford', [ranger]),
      visitorMarket: null,
    });
    expect(result).toEqual(expect.objectContaining({ kind: 'notInCatalog', label: 'Ford F-150 1984' }));
  });

  it('names a 1991 Uno as such, not as a 2021 one', () => {
    const uno = vehicle('Fiat', 'Uno', 2017, 2021);
    const result = rankVin({
      decoded: decoded(
        '9BD146000M3000001',
        'Fiat',
        [
          { year: 2021, prior: 0.55, vpic: null },
          { year: 1991, prior: 0.45, vpic: null },
        ],
        { vds: { models: ['Uno'], years: [1984, 2013], body: null } },
      ),
      catalogue: catalogue('fiat', 'Fiat', [uno]),
      visitorMarket: null,
    });
    expect(result).toEqual(expect.objectContaining({ kind: 'notInCatalog', label: 'Fiat Uno 1991' }));
  });

  it('answers not registered for an implausible VIN or one without a make', () => {
    const list = [vehicle('Chevrolet', 'Spark GT', 2005, 2015)];
    expect(
      rankVin({
        decoded: decoded('9GAZZZ99999999999', 'Chevrolet', [{ year: 2009, prior: 1, vpic: null }], { implausible: true }),
        catalogue: catalogue('chevrolet', 'Chevrolet', list),
        visitorMarket: null,
      }).kind,
    ).toBe('notRegistered');
    expect(rankVin({ decoded: decoded('XTA21099000000001', 'x', [], { makes: [] }), catalogue: new Map(), visitorMarket: null }).kind).toBe(
      'notRegistered',
    );
  });

  it('labels a vehicle with its make, model and open years', () => {
    expect(vehicleLabel({ make: 'Chevrolet', model: 'Onix', years: [2019], kind: 'car' })).toBe('Chevrolet Onix 2019');
    expect(vehicleLabel({ make: 'Fiat', model: null, years: [1991, 2021], kind: 'car' })).toBe('Fiat 1991 o 2021');
  });
});
