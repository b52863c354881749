import { describe, expect, it } from '@jest/globals';
import type { ProductInput } from '@tuerca/contracts';
import { resolveImportBrands } from './import-brands.rules.js';

const row = (n: number, reference: string, brand: string) => ({
  row: n,
  input: { referencia_1: reference, manufacturer_title: brand, title: 'Filtro', inventario: 1, actualPrice: 10 } as ProductInput,
});
const mappings = new Map([['BOSH', { brandAaiaid: 'BBHK', brandName: 'Bosch Automotive' }]]);

describe('resolveImportBrands (issue 18: imports resolve brands through the mapping)', () => {
  it('gives a mapped label the PIES brand and warns on an unmapped row, which keeps its label', () => {
    const out = resolveImportBrands([row(2, 'A1', ' bosh. '), row(3, 'A2', 'Acme')], mappings, 'Marca', true);
    expect(out.rows.map((r) => r.input.manufacturer_title)).toEqual(['Bosch Automotive', 'Acme']);
    expect(out.issues).toEqual([]);
    expect(out.warnings).toEqual([
      { row: 3, column: 'Marca', code: 'Brand not mapped', message: expect.stringContaining('La marca Acme no está asociada') },
    ]);
  });

  it('does not warn a store that never mapped a brand', () => {
    const out = resolveImportBrands([row(2, 'A2', 'Acme')], new Map(), 'Marca', false);
    expect(out.warnings).toEqual([]);
    expect(out.rows).toHaveLength(1);
  });

  it('two labels that map to one brand with the same part number are a repetition', () => {
    const twice = [row(2, 'A-1', 'Bosh'), row(3, 'a1', 'Bosch Automotive')];
    const out = resolveImportBrands(twice, mappings, 'Marca', true);
    expect(out.rows).toHaveLength(1);
    expect(out.issues).toEqual([
      { row: 3, column: 'Marca', message: 'El número de parte a1 de la marca Bosch Automotive ya aparece en la fila 2' },
    ]);
  });
});
