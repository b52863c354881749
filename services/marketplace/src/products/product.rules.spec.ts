import { describe, expect, it } from '@jest/globals';
import { csvCell, neutralizeFormula } from '@tuerca/contracts';
import { missingInformation, productUrlFor, qualityOf, storeHidesReferences } from './product.rules.js';

describe('product rules', () => {
  it('addresses a product by title, brand and part number, without the part number in a store that hides references', () => {
    const input = { title: 'Filtro de aceite', manufacturer_title: 'Mann-Filter', referencia_1: 'W 610/3' };
    const id = '0d9f3c1e-8a7b-4c2d-9e1f-123456789abc';
    expect(productUrlFor(input, id)).toBe('filtro-de-aceite-mann-filter-w-610-3-0d9f3c1e8a');
    expect(productUrlFor(input, id, { hideReference: true })).toBe('filtro-de-aceite-mann-filter-0d9f3c1e8a');
    expect(storeHidesReferences({ isVirtual: true, showProductReferences: false })).toBe(true);
    expect(storeHidesReferences({ isVirtual: false, showProductReferences: false })).toBe(false);
  });

  it('neutralises spreadsheet formulas in export cells (issue 20 §6): =, +, -, @, tab and carriage return', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(neutralizeFormula(text)).toBe(`'${text}`);
    expect(neutralizeFormula('Pastillas = buenas')).toBe('Pastillas = buenas');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('Disco "ventilado"')).toBe('"Disco ""ventilado"""');
    expect(csvCell('Bosch')).toBe('Bosch');
  });

  it('lists what a product lacks and scores the store’s information, each part weighing the same', () => {
    const bare = { imagesUrls: [], descripcion: 'corta', compatibleVehicles: [], category: null, tiemposDeEntrega: '' };
    expect(missingInformation(bare)).toEqual([
      'Agregar imágenes',
      'Completar la descripción',
      'Agregar vehículos compatibles',
      'Elegir una categoría',
      'Indicar el tiempo de entrega',
    ]);
    expect(
      missingInformation({
        ...bare,
        imagesUrls: ['https://a.co/1.jpg'],
        descripcion: 'x'.repeat(20),
        category: 'Frenos',
        tiemposDeEntrega: '24 h',
      }),
    ).toEqual(['Agregar vehículos compatibles']);
    expect(
      qualityOf({ products: 2, withImages: 2, withDescription: 1, withCompatibility: 0, withCategory: 2, withDeliveryTime: 1 })
        .averageQuality,
    ).toBe(60);
    expect(
      qualityOf({ products: 0, withImages: 0, withDescription: 0, withCompatibility: 0, withCategory: 0, withDeliveryTime: 0 })
        .averageQuality,
    ).toBe(0);
  });
});
