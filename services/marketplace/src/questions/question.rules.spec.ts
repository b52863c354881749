import { describe, expect, it } from '@jest/globals';
import { compatibilityQuestion, compatibilityQuestionText, withCompatibleVehicle, type CompatibleVehicle } from '@tuerca/contracts';
import { compatibilityVerdict, patchRole, type EarlierAnswer } from './question.rules.js';

const listed: CompatibleVehicle[] = [
  { make: 'Chevrolet', full_models: ['Spark', 'Spark GT'], years: [2010, 2011, 2012, 2013, 2014, 2015], engines: ['1.2 16V'] },
  { make: 'Renault', full_models: ['Logan'], years: [2016, 2017], engines: ['1.6 8V (IA)'] },
  { make: 'Kia', full_models: [], years: [], engines: [] },
];
const product = { manufacturerTitle: 'Mann-Filter', compatibleVehicles: listed };
const at = (iso: string) => new Date(iso);
const user = (over: Partial<Parameters<typeof patchRole>[0]> = {}) => ({
  id: 'u1',
  isGuest: false,
  email: null,
  mobile: null,
  name: null,
  roles: ['customer' as const],
  downloadPartsCatalog: false,
  signUpCompleted: true,
  country: 'CO' as const,
  storeId: null,
  ...over,
});

describe('the question text (spec 000 §5)', () => {
  it('is the spec’s, with the year optional, and reads in Spanish', () => {
    expect(compatibilityQuestion({ brand: 'Chevrolet', model: 'Spark', year: 2014 })).toBe(
      'Is this product compatible with my vehicle Chevrolet - Spark - 2014?',
    );
    expect(compatibilityQuestion({ brand: 'Mazda', model: '3', year: null })).toBe('Is this product compatible with my vehicle Mazda - 3?');
    expect(compatibilityQuestionText({ brand: 'Mazda', model: '3' })).toBe('¿Este producto es compatible con mi vehículo Mazda - 3?');
  });
});

describe('the compatibility verdict', () => {
  const verdict = (
    vehicle: { brand: string; model: string; year: number | null; vin?: string | null },
    answers: EarlierAnswer[] = [],
    p = product,
  ) => compatibilityVerdict(vehicle, p, answers);

  it('Sí when the product lists the make, the model and the year', () => {
    const v = verdict({ brand: 'chevrolet', model: 'Spark GT', year: 2012 });
    expect(v).toMatchObject({ verdict: 'yes', label: 'Sí', evidence: [{ source: 'catalogue' }] });
    expect(v.evidence[0]!.text).toBe('Según los datos del producto, sirve para Chevrolet Spark GT 2010–2015.');
  });

  it('Probable one year off the listed years, or when only AI assigned the compatibility', () => {
    expect(verdict({ brand: 'Chevrolet', model: 'Spark', year: 2016 }).verdict).toBe('probable');
    expect(verdict({ brand: 'Renault', model: 'Logan', year: 2017 })).toMatchObject({ verdict: 'probable', evidence: [{ source: 'ai' }] });
  });

  it('No for years far off or makes the product does not list', () => {
    expect(verdict({ brand: 'Chevrolet', model: 'Spark', year: 2020 }).verdict).toBe('no');
    expect(verdict({ brand: 'Toyota', model: 'Hilux', year: 2020 })).toMatchObject({ verdict: 'no', label: 'No' });
  });

  it('Necesito tu VIN for another model of a listed make, an original part of the make, or no data', () => {
    expect(verdict({ brand: 'Chevrolet', model: 'Aveo', year: 2012 })).toMatchObject({ verdict: 'need_vin', label: 'Necesito tu VIN' });
    expect(
      verdict({ brand: 'Mazda', model: '3', year: null }, [], { manufacturerTitle: 'Mazda', compatibleVehicles: [] }).evidence[0]!.source,
    ).toBe('brand');
    expect(
      verdict({ brand: 'Mazda', model: '3', year: null }, [], { manufacturerTitle: 'Bosch', compatibleVehicles: [] }).evidence[0]!.source,
    ).toBe('none');
  });

  it('a make listed without models fits every model of it', () => {
    expect(verdict({ brand: 'Kia', model: 'Picanto', year: 2019 }).verdict).toBe('yes');
  });

  it('the seller’s latest answer about the same vehicle comes first', () => {
    const answers: EarlierAnswer[] = [
      { vehicle: { brand: 'Chevrolet', model: 'Spark', year: 2014 }, answer: 'yes', answeredAt: at('2026-01-01') },
      { vehicle: { brand: 'chevrolet', model: 'spark', year: 2014 }, answer: 'no', answeredAt: at('2026-02-01') },
      { vehicle: { brand: 'Chevrolet', model: 'Spark', year: 2013 }, answer: 'yes', answeredAt: at('2026-03-01') },
    ];
    expect(verdict({ brand: 'Chevrolet', model: 'Spark', year: 2014 }, answers)).toMatchObject({
      verdict: 'no',
      evidence: [{ source: 'seller_answer' }],
    });
    const needVin: EarlierAnswer[] = [
      { vehicle: { brand: 'Toyota', model: 'Hilux', year: 2020 }, answer: 'need_vin', answeredAt: at('2026-01-01') },
    ];
    expect(verdict({ brand: 'Toyota', model: 'Hilux', year: 2020 }, needVin).verdict).toBe('need_vin');
    // With the VIN given, the seller's request is met: the product's data decides.
    expect(verdict({ brand: 'Toyota', model: 'Hilux', year: 2020, vin: '8AJFB8CD5J1234567' }, needVin).verdict).toBe('no');
  });
});

describe('cross-references as evidence', () => {
  const bosch = { manufacturerTitle: 'Bosch', compatibleVehicles: [] };
  const gm = {
    make: 'Chevrolet',
    oem: 'GM-96481234',
    type: 'replacement',
    listings: [[{ make: 'Chevrolet', full_models: ['Aveo'], years: [2010], engines: [] }]],
  };
  it('Probable when another listing of the original carries the vehicle; the VIN decides otherwise', () => {
    expect(compatibilityVerdict({ brand: 'Chevrolet', model: 'Aveo', year: 2010 }, bosch, [], [gm])).toMatchObject({
      verdict: 'probable',
      evidence: [{ source: 'cross_reference', text: expect.stringContaining('(reemplazo) con el original Chevrolet GM-96481234') }],
    });
    expect(compatibilityVerdict({ brand: 'Chevrolet', model: 'Aveo', year: 2015 }, bosch, [], [gm]).verdict).toBe('need_vin');
    // Another make's original says nothing about this vehicle.
    expect(compatibilityVerdict({ brand: 'Renault', model: 'Logan', year: 2015 }, bosch, [], [gm]).evidence[0]!.source).toBe('none');
    // The product's own list of the make comes first.
    expect(compatibilityVerdict({ brand: 'Chevrolet', model: 'Spark', year: 2014 }, product, [], [gm]).verdict).toBe('yes');
  });
});

describe('a seller’s yes added to the compatible vehicles', () => {
  it('adds the model and year to the make, or a new make; nothing twice', () => {
    const added = withCompatibleVehicle(listed, { brand: 'chevrolet', model: 'Aveo', year: 2009 });
    expect(added[0]).toEqual({
      make: 'Chevrolet',
      full_models: ['Spark', 'Spark GT', 'Aveo'],
      years: [2009, 2010, 2011, 2012, 2013, 2014, 2015],
      engines: ['1.2 16V'],
    });
    expect(withCompatibleVehicle([], { brand: 'Mazda', model: 'CX-5', year: null })).toEqual([
      { make: 'Mazda', full_models: ['CX-5'], years: [], engines: [] },
    ]);
    expect(withCompatibleVehicle(listed, { brand: 'Chevrolet', model: 'spark', year: 2012 })).toEqual(listed);
    // The input is not changed.
    expect(listed[0]!.full_models).toEqual(['Spark', 'Spark GT']);
  });
});

describe('who a PATCH speaks for', () => {
  const q = { userId: 'u1', storeId: 's1' };
  it('the asker follows up; the store’s sellers and operators answer; anyone else is nobody', () => {
    expect(patchRole(user(), q)).toBe('asker');
    expect(patchRole(user({ id: 'u2', roles: ['seller'], storeId: 's1' }), q)).toBe('seller');
    expect(patchRole(user({ id: 'u3', roles: ['operator'] }), q)).toBe('seller');
    expect(patchRole(user({ id: 'u4', roles: ['seller'], storeId: 's2' }), q)).toBeNull();
    expect(patchRole(user({ id: 'u5', roles: ['adviser'] }), q)).toBeNull();
    // A seller asking about their own store's product follows up, unless they send an answer.
    const own = user({ roles: ['seller'], storeId: 's1' });
    expect(patchRole(own, q)).toBe('asker');
    expect(patchRole(own, q, true)).toBe('seller');
  });
});
