import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parsePies } from './pies.parser.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8');

describe('parsePies', () => {
  it('reads items with their descriptions, prices and attributes, and the trailer count', () => {
    const result = parsePies(fixture('pies-good.xml'));
    expect(result.errors).toEqual([]);
    expect(result.declaredCount).toBe(3);
    expect(result.header).toMatchObject({ PIESVersion: '7.2', CurrencyCode: 'COP' });
    expect(result.records.map((r) => [r.brandAaiaId, r.partNumber, r.partTerminologyId])).toEqual([
      ['BBHK', '3323', 5340],
      ['BJFB', 'BKR6E-11', 7212],
      ['BBSF', '72351', 7600],
    ]);
    const bosch = result.records[0]!;
    expect(bosch.descriptions).toContainEqual({ code: 'DES', language: 'ES', text: 'Filtro de aceite Bosch Premium' });
    expect(bosch.prices).toEqual([
      { type: 'LST', currency: 'COP', uom: 'PE', amount: 28900 },
      { type: 'JBR', currency: 'MXN', uom: 'PE', amount: 145.5 },
    ]);
    expect(bosch.attributes).toEqual([
      { id: 'Thread Size', text: 'M20 x 1.5' },
      { id: 'Height', text: '86', uom: 'MM' },
    ]);
    // The header's currency fills a price without its own.
    expect(result.records[1]!.prices).toEqual([{ type: 'LST', currency: 'COP', uom: 'PE', amount: 14500 }]);
  });

  it('reports a bad price on its item and a trailer count that does not match', () => {
    const result = parsePies(fixture('pies-bad-record.xml'));
    expect(result.errors).toEqual([{ path: 'Item[2] 3330', message: 'El precio "veinte mil" no es un número válido.' }]);
    const mismatch = parsePies(fixture('pies-good.xml').replace('<ItemCount>3</ItemCount>', '<ItemCount>4</ItemCount>'));
    expect(mismatch.errors).toEqual([
      { path: 'Trailer.ItemCount', message: 'El pie del archivo declara 4 registros, pero se encontraron 3.' },
    ]);
  });

  it('reports missing part numbers, brands and terminology, and unknown maintenance types', () => {
    const xml = `<PIES><Items>
      <Item MaintenanceType="Z"><PartNumber>1</PartNumber><BrandAAIAID>BBHK</BrandAAIAID><PartTerminologyID>5340</PartTerminologyID></Item>
      <Item><BrandAAIAID>BBHK</BrandAAIAID><PartTerminologyID>5340</PartTerminologyID></Item>
      <Item><PartNumber>3</PartNumber><PartTerminologyID>x</PartTerminologyID></Item>
    </Items></PIES>`;
    expect(parsePies(xml).errors).toEqual([
      { path: 'Item[1] 1', message: 'Tipo de mantenimiento "Z" desconocido: usa A (agregar), C (cambiar) o D (eliminar).' },
      { path: 'Item[2]', message: 'Falta el número de parte (PartNumber).' },
      { path: 'Item[3] 3', message: 'Falta la marca (BrandAAIAID).' },
      { path: 'Item[3] 3', message: 'Falta el tipo de parte (PartTerminologyID) o no es un número válido.' },
    ]);
  });

  it('answers malformed XML with one error', () => {
    const result = parsePies('<PIES><Items><Item></Items></PIES>');
    expect(result.records).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.path).toBe('xml');
  });
});
