import { describe, expect, it } from '@jest/globals';
import {
  applyFilters,
  carIdOf,
  filterKeyOf,
  filtersOf,
  modelIdOf,
  parseParameter,
  positionsOf,
  presentCar,
  type OldVehicleRow,
  nameOf,
} from './old-catalogue.rules.js';

const car = (over: Partial<OldVehicleRow> & { year: string; engine: string }): OldVehicleRow => ({
  vehicleId: `v-${over.year}-${over.engine}`,
  platformId: 'p1',
  catalog: 'MAZDA',
  brand: 'Mazda',
  name: `Mazda 3 2.0 ${over.engine} (${over.year})`,
  yearFrom: Number(over.year.slice(0, 4)),
  yearTo: Number(over.year.slice(-4)),
  market: 'CO',
  attributes: [
    { name: 'Año', value: over.year },
    { name: 'Motor', value: over.engine },
    { name: 'Mercado', value: 'Colombia' },
  ],
  ...over,
});

describe('old catalogue rules', () => {
  it('derives a car id from the vehicle identity only: the same across re-imports, different for another market', () => {
    const a = car({ year: '2016-2021', engine: 'PE-VPS' });
    const reimported = { ...a, vehicleId: 'a-new-uuid', platformId: 'another' };
    expect(carIdOf(a)).toBe(carIdOf(reimported));
    expect(carIdOf({ ...a, name: a.name.toUpperCase().replace(/ /g, '  ') })).toBe(carIdOf(a));
    expect(carIdOf({ ...a, market: 'MX' })).not.toBe(carIdOf(a));
    expect(carIdOf(a)).toMatch(/^c[0-9a-f]{23}$/);
    expect(modelIdOf('MAZDA', 'Mazda 3')).toBe(modelIdOf('mazda', 'MAZDA 3'));
    expect(modelIdOf('MAZDA', 'Mazda 3')).not.toBe(modelIdOf('MAZDA', 'Mazda 2'));
  });

  it('presents a car with its model, description and parameters', () => {
    const a = car({ year: '2016-2021', engine: 'PE-VPS' });
    expect(presentCar(a, 'cat-1')).toEqual({
      carId: carIdOf(a),
      catalogId: 'cat-1',
      modelId: modelIdOf('MAZDA', 'Mazda 3'),
      modelName: 'Mazda 3',
      brand: 'Mazda',
      name: a.name,
      description: 'Mazda Mazda 3 2016-2021, Colombia',
      parameters: a.attributes,
    });
  });

  it('builds filters only from attributes that tell cars apart, idx fixed by the whole model', () => {
    const cars = [
      car({ year: '2016-2021', engine: 'PE-VPS' }),
      car({ year: '2010-2015', engine: 'LF' }),
      car({ year: '2016-2021', engine: 'LF' }),
    ];
    const filters = filtersOf(cars, { anio: 1 });
    expect(filters.map((f) => f.key)).toEqual(['anio', 'motor']);
    expect(filters[0]).toEqual({
      key: 'anio',
      name: 'Año',
      values: [
        { idx: 0, value: '2010-2015' },
        { idx: 1, value: '2016-2021' },
      ],
      selected: 1,
    });
    expect(applyFilters(cars, filters, parseParameter('anio=1&motor=0')).map((c) => c.vehicleId)).toEqual(['v-2016-2021-LF']);
    expect(applyFilters(cars, filters, {})).toHaveLength(3);
    expect(applyFilters(cars, filters, { anio: 7 })).toEqual([]);
    expect(applyFilters(cars, filters, { color: 0 })).toEqual([]);
    expect(filterKeyOf('Transmisión')).toBe('transmision');
    expect(filterKeyOf('Carrocería')).toBe('carroceria');
  });

  it('turns image-map boxes into positions with their parts and the repeat flag, numbers hidden when asked', () => {
    const boxes = [
      { code: '1', x1: 10, y1: 20, x2: 40, y2: 35 },
      { code: '2', x1: 50, y1: 20, x2: 80, y2: 35 },
      { code: '1', x1: 90, y1: 20, x2: 120, y2: 35 },
    ];
    const parts = [
      { codeOnImage: '1', oem: 'AAA', nameEs: 'Filtro', nameEn: 'Filter', amount: 1 },
      { codeOnImage: '1', oem: 'BBB', nameEs: 'Filtro (alt.)', nameEn: 'Filter (alt.)', amount: 1 },
      { codeOnImage: '2', oem: 'CCC', nameEs: 'Tornillo', nameEn: 'Bolt', amount: 4 },
    ];
    const positions = positionsOf(boxes, parts, 'es_ES', true);
    expect(positions.map((p) => [p.number, p.x, p.y, p.width, p.height, p.repeat, p.parts.length])).toEqual([
      ['1', 10, 20, 30, 15, false, 2],
      ['2', 50, 20, 30, 15, false, 1],
      ['1', 90, 20, 30, 15, true, 2],
    ]);
    expect(positionsOf(boxes, parts, 'en_US', false)[1]!.parts).toEqual([{ number: null, name: 'Bolt' }]);
  });

  it('names in Spanish, English from the row, other languages from the translations, else Spanish', () => {
    const row = { nameEs: 'Frenos', nameEn: 'Brakes' };
    const pt = new Map([['Frenos', 'Travões']]);
    expect(nameOf('es_ES', row, pt)).toBe('Frenos');
    expect(nameOf('en_US', row, pt)).toBe('Brakes');
    expect(nameOf('pt_PT', row, pt)).toBe('Travões');
    expect(nameOf('fr_FR', row)).toBe('Frenos');
    expect(nameOf('en_US', { nameEs: 'Frenos', nameEn: '' })).toBe('Frenos');
  });
});
