import { describe, expect, it } from '@jest/globals';
import type { SsdState } from '../ssd.js';
import { CatalogNames, type VehicleRow } from './browse.reader.js';
import {
  catalogPageUrl,
  categoryTree,
  filterVehicles,
  presentPart,
  presentVehicle,
  quickGroupTree,
  subtreeKeys,
  type CategoryRow,
  type QuickGroupRow,
} from './browse.rules.js';

/** The ssd as readable JSON: the rules only pass states to the codec. */
const ssd = { encode: (s: SsdState) => JSON.stringify(s) };
const names = new CatalogNames('es_ES');

function vehicle(id: string, attributes: Record<string, string>): VehicleRow {
  return {
    vehicle_id: id,
    platform_id: 'p',
    catalog_code: 'TOY',
    brand: 'Toyota',
    name: attributes.Modelo!,
    year_from: 2015,
    year_to: 2020,
    attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
  };
}

const hilux15 = vehicle('v1', { Modelo: 'Hilux', Año: '2015', Motor: '2.4 D' });
const hilux18 = vehicle('v2', { Modelo: 'Hilux', Año: '2018', Motor: '2.8 D' });
const corolla = vehicle('v3', { Modelo: 'Corolla', Año: '2018', Motor: '1.8' });

describe('browse rules', () => {
  it('keeps a page URL only when it is one of the catalogue pages, with its | back to &', () => {
    expect(catalogPageUrl('/catalogo/catalog/TOY?a=1|b=2')).toBe('/catalogo/catalog/TOY?a=1&b=2');
    expect(catalogPageUrl('https://evil.example/catalogo/catalog/')).toBeNull();
    expect(catalogPageUrl('//evil.example')).toBeNull();
    expect(catalogPageUrl(undefined)).toBeNull();
  });

  it('filters vehicles by the chosen values, each filter offering what the others leave', () => {
    const { vehicles, filters } = filterVehicles(ssd, 'TOY', [hilux15, hilux18, corolla], { c: 'TOY', f: { Año: '2018' } });
    expect(vehicles.map((v) => v.vehicle_id)).toEqual(['v2', 'v3']);
    const model = filters.find((f) => f.key === 'Modelo')!;
    expect(model.options.map((o) => o.value)).toEqual(['Corolla', 'Hilux']);
    expect(JSON.parse(model.options[1]!.key)).toEqual({ c: 'TOY', f: { Año: '2018', Modelo: 'Hilux' } });
    const year = filters.find((f) => f.key === 'Año')!;
    expect(year).toMatchObject({ value: '2018', automatic: false });
    expect(year.options.map((o) => o.value)).toEqual(['2015', '2018']);
    expect(JSON.parse(year.ssd)).toEqual({ c: 'TOY' });
  });

  it('lets a VIN set model, year and engine of its vehicle as automatic filters, kept out of the ssd', () => {
    const state: SsdState = { c: 'TOY', v: 'v2', vin: 'MR0FB8CD0J0000001' };
    const { vehicles, filters } = filterVehicles(ssd, 'TOY', [hilux15, hilux18, corolla], state);
    expect(vehicles.map((v) => v.vehicle_id)).toEqual(['v2']);
    expect(filters.filter((f) => f.automatic).map((f) => [f.key, f.value])).toEqual([
      ['Modelo', 'Hilux'],
      ['Año', '2018'],
      ['Motor', '2.8 D'],
    ]);
    expect(JSON.parse(filters[0]!.ssd)).toEqual({ c: 'TOY', v: 'v2', vin: 'MR0FB8CD0J0000001' });
  });

  it('shows a VIN that came in a vehicle token masked, and marks parts of the vehicle reached by VIN', () => {
    const state: SsdState = { c: 'TOY', v: 'v2', vin: 'MR0FB8CD0J0000001', m: 1 };
    const shown = presentVehicle(ssd, hilux18, state);
    expect(shown.vehicleVIN).not.toBe('MR0FB8CD0J0000001');
    expect(JSON.parse(shown.ssd)).toEqual({ c: 'TOY', v: 'v2', vin: 'MR0FB8CD0J0000001', m: 1 });
    expect(presentVehicle(ssd, hilux15, state)).toMatchObject({ vehicleVIN: null, ssd: JSON.stringify({ c: 'TOY', v: 'v1' }) });
    const part = { unit_id: 'u', code_on_image: '1', oem: '04465-0K240', name_es: 'Pastillas', name_en: 'Pads', amount: 2 };
    expect(presentPart(part, names, state, hilux18, false)).toMatchObject({ oem: null, match: true });
    expect(presentPart(part, names, state, hilux15, true)).toMatchObject({ oem: '04465-0K240', match: false });
  });

  it('builds the category and quick-group trees down to what the vehicle has', () => {
    const rows: CategoryRow[] = [
      { category_id: 'c1', key: 'engine', name_es: 'Motor', name_en: 'Engine', parent_key: null },
      { category_id: 'c2', key: 'engine.oil', name_es: 'Aceite', name_en: 'Oil', parent_key: 'engine' },
      { category_id: 'c3', key: 'body', name_es: 'Carrocería', name_en: 'Body', parent_key: null },
    ];
    const unit = { unit_id: 'u1', code: 'A', name_es: 'Bomba', name_en: 'Pump', category_id: 'c2', category_key: 'engine.oil' };
    expect(categoryTree(rows, [unit], 's', names)).toEqual([
      { categoryId: 'c1', name: 'Motor', ssd: 's', childrens: [{ categoryId: 'c2', name: 'Aceite', ssd: 's', childrens: [] }] },
    ]);
    expect(
      subtreeKeys(
        rows,
        'engine',
        (r) => r.key,
        (r) => r.parent_key,
      ),
    ).toEqual(new Set(['engine', 'engine.oil']));
    const groups: QuickGroupRow[] = [
      { quick_group_id: 'g1', name_es: 'Frenos', name_en: 'Brakes', parent_id: null, part_types: [] },
      { quick_group_id: 'g2', name_es: 'Pastillas', name_en: 'Pads', parent_id: 'g1', part_types: ['brake-pad'] },
      { quick_group_id: 'g3', name_es: 'Luces', name_en: 'Lights', parent_id: null, part_types: ['bulb'] },
    ];
    expect(quickGroupTree(groups, new Set(['brake-pad']), names)).toEqual([
      { quickGroupId: 'g1', name: 'Frenos', childGroups: [{ quickGroupId: 'g2', name: 'Pastillas', childGroups: [] }] },
    ]);
  });
});
