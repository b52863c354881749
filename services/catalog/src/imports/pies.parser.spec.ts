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
    const xml = `<PIES><Header><PIESVersion>7.2</PIESVersion></Header><Items>
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

  describe('interchange segment (PartInterchangeInfo)', () => {
    const item = (
      interchange: string,
      extra = '',
    ) => `<PIES xmlns="http://www.autocare.org"><Header><PIESVersion>7.2</PIESVersion></Header><Items>
      <Item MaintenanceType="A"${extra}><PartNumber>0 986 AB2 233</PartNumber><BrandAAIAID>BBHK</BrandAAIAID><BrandLabel>Bosch</BrandLabel>
        <PartTerminologyID>1684</PartTerminologyID>
        <PartInterchangeInfo>${interchange}</PartInterchangeInfo>
      </Item></Items><Trailer><ItemCount>1</ItemCount></Trailer></PIES>`;

    it('reads every interchanged number with its brand, action, quantity and grade', () => {
      const result = parsePies(
        item(`
          <PartInterchange MaintenanceType="A" BrandAAIAID="TYTA" BrandLabel="Toyota" QualityGradeLevel="4" ItemEquivalentUOM="EA">
            <PartNumber InterchangeQuantity="1" UOM="EA">04465-YZZR3</PartNumber>
            <PartNumber InterchangeQuantity="2" UOM="EA" ReferenceItem="Y">04465-YZZR4</PartNumber>
          </PartInterchange>
          <PartInterchange MaintenanceType="D" BrandAAIAID="BBSF" BrandLabel="Brembo"><PartNumber>P 83 024</PartNumber></PartInterchange>`),
      );
      expect(result.errors).toEqual([]);
      const [bosch] = result.records;
      expect(bosch).toMatchObject({ partNumber: '0 986 AB2 233', brandAaiaId: 'BBHK', brandLabel: 'Bosch' });
      expect(bosch!.interchanges).toEqual([
        {
          action: 'A',
          brandAaiaId: 'TYTA',
          brandLabel: 'Toyota',
          partNumber: '04465-YZZR3',
          quantity: 1,
          uom: 'EA',
          qualityGradeLevel: '4',
        },
        {
          action: 'A',
          brandAaiaId: 'TYTA',
          brandLabel: 'Toyota',
          partNumber: '04465-YZZR4',
          quantity: 2,
          uom: 'EA',
          qualityGradeLevel: '4',
        },
        { action: 'D', brandAaiaId: 'BBSF', brandLabel: 'Brembo', partNumber: 'P 83 024', quantity: null, uom: '', qualityGradeLevel: '' },
      ]);
    });

    it('reads an Item without interchanges as none, and its brand label falls back to the AAIA id', () => {
      const [first, second] = parsePies(fixture('pies-good.xml')).records;
      expect(first!.interchanges).toEqual([]);
      expect(first!.brandLabel).toBe('Bosch');
      const bare = parsePies(item('').replace('<BrandLabel>Bosch</BrandLabel>', '')).records[0]!;
      expect(bare.brandLabel).toBe('BBHK');
      expect(bare.interchanges).toEqual([]);
      expect(second!.brandLabel).toBe('NGK');
    });

    it('reports interchanges without a part number, with an unknown maintenance type or a bad quantity, on their Item', () => {
      const result = parsePies(
        item(`
          <PartInterchange MaintenanceType="A" BrandLabel="Toyota"></PartInterchange>
          <PartInterchange MaintenanceType="X" BrandLabel="Toyota"><PartNumber>04465-YZZR3</PartNumber></PartInterchange>
          <PartInterchange MaintenanceType="A" BrandAAIAID="TYTA"><PartNumber InterchangeQuantity="dos">04465-YZZR4</PartNumber><PartNumber></PartNumber></PartInterchange>`),
      );
      expect(result.errors).toEqual([
        { path: 'Item[1] 0 986 AB2 233', message: 'Falta el número de parte (PartNumber) del intercambio con la marca Toyota.' },
        {
          path: 'Item[1] 0 986 AB2 233',
          message: 'Tipo de mantenimiento "X" del intercambio 04465-YZZR3 desconocido: usa A (agregar), C (cambiar) o D (eliminar).',
        },
        {
          path: 'Item[1] 0 986 AB2 233',
          message: 'La cantidad de intercambio (InterchangeQuantity) "dos" del intercambio 04465-YZZR4 no es un número válido.',
        },
        { path: 'Item[1] 0 986 AB2 233', message: 'Falta el número de parte (PartNumber) del intercambio con la marca TYTA.' },
      ]);
    });

    it('does not read the interchanges of a deleted Item', () => {
      const result = parsePies(
        item('<PartInterchange MaintenanceType="X"><PartNumber>1</PartNumber></PartInterchange>', '').replace(
          'MaintenanceType="A"',
          'MaintenanceType="D"',
        ),
      );
      expect(result.errors).toEqual([]);
      expect(result.records[0]!.interchanges).toEqual([]);
    });
  });

  it('refuses a PIES 6.5 file (other element names) and one without PIESVersion, instead of misreading them', () => {
    const doc = (header: string) =>
      `<PIES><Header>${header}</Header><Items><Item><PartNumber>1</PartNumber><BrandAAIAID>BBHK</BrandAAIAID><PartTerminologyID>1</PartTerminologyID></Item></Items></PIES>`;
    expect(parsePies(doc('<PIESVersion>6.5</PIESVersion>')).errors).toEqual([
      { path: 'Header', message: 'La versión 6.5 de PIES no es compatible: se aceptan las versiones 7.1, 7.2.' },
    ]);
    expect(parsePies(doc('<SubmissionType>FULL</SubmissionType>')).errors).toEqual([
      { path: 'Header', message: 'El archivo PIES no declara su versión (Header/PIESVersion).' },
    ]);
    expect(parsePies(doc('<PIESVersion>7.1</PIESVersion>')).errors).toEqual([]);
  });
});
