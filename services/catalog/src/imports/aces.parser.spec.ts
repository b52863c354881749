import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parseAces } from './aces.parser.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8');

describe('parseAces', () => {
  it('reads the header, every App with its vehicle, qualifiers, notes, part and brand, and the footer count', () => {
    const result = parseAces(fixture('aces-good.xml'));
    expect(result.errors).toEqual([]);
    expect(result.declaredCount).toBe(5);
    expect(result.header).toMatchObject({
      VcdbVersionDate: '2025-04-25',
      PcdbVersionDate: '2025-04-25',
      QdbVersionDate: '2025-04-25',
      SubmissionType: 'FULL',
    });
    expect(result.records).toHaveLength(5);
    expect(result.records[0]).toEqual({
      position: 1,
      appId: '9001',
      action: 'A',
      baseVehicleId: 131520,
      engineBaseId: 10423,
      subModelId: 1023,
      qualifiers: [],
      qty: 1,
      partTypeId: 5340,
      positionId: null,
      note: 'Chevrolet Spark GT 1.2L',
      partNumber: '3323',
      brandAaiaId: 'BBHK',
      attributes: [],
    });
    expect(result.records[1]!.qualifiers).toEqual([{ id: '2095', params: ['4'], text: '4 cilindros' }]);
    expect(result.records[2]).toMatchObject({ note: 'Renault Logan 1.6L 8V; Sin aire acondicionado', positionId: 22, qty: 2 });
  });

  it('accepts a deletion that names only the application id', () => {
    const result = parseAces(fixture('aces-delete.xml'));
    expect(result.errors).toEqual([]);
    expect(result.records.map((r) => [r.action, r.appId])).toEqual([
      ['D', '9005'],
      ['A', '9006'],
    ]);
  });

  it('reports a missing BaseVehicle with the record position and id', () => {
    const result = parseAces(fixture('aces-bad-record.xml'));
    expect(result.errors).toEqual([{ path: 'App[2] id=9102', message: 'Falta el vehículo base (BaseVehicle) o su id no es válido.' }]);
  });

  it('reports a bad Qty, a missing Part, an unknown action and a missing id, each on its record', () => {
    const result = parseAces(fixture('aces-many-errors.xml'));
    expect(result.errors).toEqual([
      { path: 'App[1] id=9201', message: 'La cantidad (Qty) "dos" no es un número entero positivo.' },
      { path: 'App[2] id=9202', message: 'Falta el número de parte (Part).' },
      { path: 'App[3] id=9203', message: 'Acción "X" desconocida: usa A (agregar) o D (eliminar).' },
      { path: 'App[4]', message: 'Falta el id de la aplicación.' },
    ]);
  });

  it('reports a footer RecordCount that does not match the records found', () => {
    const result = parseAces(fixture('aces-count-mismatch.xml'));
    expect(result.errors).toEqual([
      { path: 'Footer.RecordCount', message: 'El pie del archivo declara 3 registros, pero se encontraron 2.' },
    ]);
  });

  it('reports a repeated application id', () => {
    const xml = fixture('aces-delete.xml').replace('id="9006"', 'id="9005"');
    expect(parseAces(xml).errors).toEqual([{ path: 'App[2] id=9005', message: 'El registro 9005 aparece más de una vez en el archivo.' }]);
  });

  it('answers malformed XML with one clear error and no records', () => {
    const result = parseAces(fixture('malformed.xml'));
    expect(result.records).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.path).toBe('xml');
    expect(result.errors[0]!.message).toMatch(/^El archivo XML está mal formado \(línea \d+, columna \d+\)/);
  });

  it('refuses a document that is not ACES, and one without records', () => {
    expect(parseAces(fixture('pies-good.xml')).errors).toEqual([
      { path: 'ACES', message: 'El archivo no es un documento ACES: falta el elemento raíz <ACES>.' },
    ]);
    expect(
      parseAces('<ACES version="4.2"><Header><BrandAAIAID>BBHK</BrandAAIAID></Header><Footer><RecordCount>0</RecordCount></Footer></ACES>')
        .errors,
    ).toEqual([{ path: 'ACES', message: 'El archivo no contiene registros para importar.' }]);
    expect(parseAces('plain text').errors).toHaveLength(1);
  });

  it('refuses ACES versions it does not read, and a file without a version', () => {
    const doc = (root: string) =>
      `${root}<Header><BrandAAIAID>BBHK</BrandAAIAID></Header><App action="A" id="1"><BaseVehicle id="1"/><Qty>1</Qty><PartType id="1"/><Part>X</Part></App></ACES>`;
    expect(parseAces(doc('<ACES version="2.0">')).errors).toEqual([
      { path: 'ACES', message: 'La versión 2.0 de ACES no es compatible: se aceptan las versiones 3.0, 3.1, 3.2, 4.0, 4.1, 4.2.' },
    ]);
    expect(parseAces(doc('<ACES>')).errors).toEqual([
      { path: 'ACES', message: 'El archivo ACES no declara su versión (atributo version de <ACES>).' },
    ]);
    expect(parseAces(doc('<ACES version="4.1">')).errors).toEqual([]);
  });

  it('keys applications by their source: the header brand, else the manufacturer code, else the company', () => {
    const app = '<App action="A" id="1"><BaseVehicle id="1"/><Qty>1</Qty><PartType id="1"/><Part BrandAAIAID="BBHK">X</Part></App>';
    expect(
      parseAces(`<ACES version="4.2"><Header><BrandAAIAID>fdpk</BrandAAIAID><MfrCode>M</MfrCode></Header>${app}</ACES>`).header.source,
    ).toBe('FDPK');
    expect(parseAces(`<ACES version="4.2"><Header><MfrCode>mon</MfrCode></Header>${app}</ACES>`).header.source).toBe('MON');
    expect(parseAces(`<ACES version="4.2"><Header><Company>Frenos Andinos</Company></Header>${app}</ACES>`).header.source).toBe(
      'FRENOS ANDINOS',
    );
    expect(parseAces(`<ACES version="4.2"><Header><SenderName>x</SenderName></Header>${app}</ACES>`).errors).toEqual([
      {
        path: 'Header',
        message: 'El encabezado del archivo ACES no identifica a quién pertenecen las aplicaciones: indica BrandAAIAID, MfrCode o Company.',
      },
    ]);
  });

  it('keeps attributes it does not map on the application and warns about each, never dropping them', () => {
    const result = parseAces(`<ACES version="4.2"><Header><BrandAAIAID>BBHK</BrandAAIAID></Header>
      <App action="A" id="7"><BaseVehicle id="5911"/><EngineDesignation id="112"/><BodyType id="5"/><Region id="1"/>
        <FuelType id="5"/><MfrBodyCode id="23"/><BodyNumDoors id="4"/><Qty>1</Qty><PartType id="1684"/><Part>0 986 AB2 233</Part></App></ACES>`);
    expect(result.errors).toEqual([]);
    expect(result.records[0]!.attributes).toEqual([
      { name: 'EngineDesignation', id: '112', value: null },
      { name: 'BodyType', id: '5', value: null },
      { name: 'Region', id: '1', value: null },
      { name: 'FuelType', id: '5', value: null },
      { name: 'MfrBodyCode', id: '23', value: null },
      { name: 'BodyNumDoors', id: '4', value: null },
    ]);
    expect(result.warnings).toHaveLength(6);
    expect(result.warnings[0]).toEqual({
      path: 'App[1] id=7',
      message:
        'El atributo EngineDesignation (id 112) no se usa para filtrar vehículos: se guardó con la aplicación, que por ahora aplica a todo el vehículo base.',
    });
  });

  it('reads a file as a stream with a record limit: one record over it refuses the file', () => {
    const apps = Array.from(
      { length: 4 },
      (_, i) => `<App action="A" id="${i + 1}"><BaseVehicle id="1"/><Qty>1</Qty><PartType id="1"/><Part>P${i}</Part></App>`,
    );
    const xml = `<ACES version="4.2"><Header><BrandAAIAID>BBHK</BrandAAIAID></Header>${apps.join('')}</ACES>`;
    expect(parseAces(xml, { maxRecords: 4 }).records).toHaveLength(4);
    expect(parseAces(xml, { maxRecords: 3 }).errors).toEqual([
      { path: 'ACES', message: 'El archivo supera el máximo de registros por archivo (3): divídelo en archivos más pequeños.' },
    ]);
  });
});
