import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule } from '@tuerca/catalog';

const IMPORTS = '/api/catalogo/catalogV2/imports';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('ACES and PIES imports over HTTP (all or nothing)', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let operator: TestClient;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule], {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    });
    const db = (schema: string) => t.db(schema);
    catalog = db('catalog');
    await seedIdentity(db('identity'));
    operator = await login('operador@tuerca.demo');
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBeLessThan(300);
    return c;
  }

  function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return catalog.em().execute<T[]>(query, params);
  }

  const count = async (table: string) => Number((await sql<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);

  it('imports a good ACES file: counts, rows with vehicle, qualifiers, notes, part and brand', async () => {
    const res = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-good.xml', xml: fixture('aces-good.xml') });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'aces', fileName: 'aces-good.xml', recordCount: 5, upserted: 5, deleted: 0 });
    expect(res.body.metadata.message).toBe('Archivo importado: 5 registros.');
    const rows = await sql<Record<string, unknown>>(`select * from aces_applications order by app_id`);
    expect(rows.map((r) => r.app_id)).toEqual(['9001', '9002', '9003', '9004', '9005']);
    expect(rows[0]).toMatchObject({
      base_vehicle_id: 131520,
      engine_base_id: 10423,
      submodel_id: 1023,
      qty: 1,
      part_type_id: 5340,
      part_number: '3323',
      brand_aaiaid: 'BBHK',
      import_id: res.body.data.importId,
    });
    expect(rows[1]!.qualifiers).toEqual([{ id: '2095', params: ['4'], text: '4 cilindros' }]);
    expect(rows[2]).toMatchObject({
      note: 'Renault Logan 1.6L 8V; Sin aire acondicionado',
      position_id: 22,
      part_number: '72351',
      brand_aaiaid: 'BBSF',
    });
    const [log] = await sql<Record<string, unknown>>(`select * from catalog_imports where id = ?`, [res.body.data.importId]);
    expect(log).toMatchObject({ kind: 'aces', status: 'imported', record_count_declared: 5, record_count_parsed: 5, error_count: 0 });
  });

  it('imports a good PIES file with descriptions, prices and attributes', async () => {
    const res = await operator.post(`${IMPORTS}/pies`, { fileName: 'pies-good.xml', xml: fixture('pies-good.xml') });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'pies', recordCount: 3, upserted: 3, deleted: 0 });
    const rows = await sql<Record<string, unknown>>(`select * from pies_items order by brand_aaiaid, part_number`);
    expect(rows.map((r) => [r.brand_aaiaid, r.part_number, r.part_terminology_id])).toEqual([
      ['BBHK', '3323', 5340],
      ['BBSF', '72351', 7600],
      ['BJFB', 'BKR6E-11', 7212],
    ]);
    expect(rows[0]!.prices).toContainEqual({ type: 'LST', currency: 'COP', uom: 'PE', amount: 28900 });
    expect(rows[0]!.attributes).toContainEqual({ id: 'Height', text: '86', uom: 'MM' });
    // Importing the same file again updates in place (unique brand + part number).
    expect((await operator.post(`${IMPORTS}/pies`, { fileName: 'pies-good.xml', xml: fixture('pies-good.xml') })).status).toBe(201);
    expect(await count('pies_items')).toBe(3);
  });

  it('imports nothing from an ACES file with one bad record and lists that record error in Spanish', async () => {
    const before = await count('aces_applications');
    const res = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-bad-record.xml', xml: fixture('aces-bad-record.xml') });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'App[2] id=9102', message: 'Falta el vehículo base (BaseVehicle) o su id no es válido.' }]);
    expect(res.body.errors).toEqual([
      'El archivo tiene 1 error: no se importó ningún registro.',
      'App[2] id=9102: Falta el vehículo base (BaseVehicle) o su id no es válido.',
    ]);
    expect(await count('aces_applications')).toBe(before);
    expect(await sql(`select 1 from aces_applications where app_id in ('9101', '9103')`)).toHaveLength(0);
  });

  it('lists every record error of a file with several, and imports nothing from a PIES file with a bad price', async () => {
    const many = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-many-errors.xml', xml: fixture('aces-many-errors.xml') });
    expect(many.status).toBe(400);
    expect(many.body.details.map((d: { path: string }) => d.path)).toEqual([
      'App[1] id=9201',
      'App[2] id=9202',
      'App[3] id=9203',
      'App[4]',
    ]);
    const pies = await operator.post(`${IMPORTS}/pies`, { fileName: 'pies-bad-record.xml', xml: fixture('pies-bad-record.xml') });
    expect(pies.status).toBe(400);
    expect(pies.body.details).toEqual([{ path: 'Item[2] 3330', message: 'El precio "veinte mil" no es un número válido.' }]);
    expect(await sql(`select 1 from pies_items where part_number in ('72394', '3330')`)).toHaveLength(0);
  });

  it('refuses a footer RecordCount that does not match the records found', async () => {
    const res = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-count-mismatch.xml', xml: fixture('aces-count-mismatch.xml') });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { path: 'Footer.RecordCount', message: 'El pie del archivo declara 3 registros, pero se encontraron 2.' },
    ]);
    expect(await sql(`select 1 from aces_applications where app_id in ('9301', '9302')`)).toHaveLength(0);
  });

  it('answers malformed XML with one clear Spanish error', async () => {
    const res = await operator.post(`${IMPORTS}/aces`, { fileName: 'malformed.xml', xml: fixture('malformed.xml') });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveLength(1);
    expect(res.body.details[0].path).toBe('xml');
    expect(res.body.details[0].message).toMatch(/^El archivo XML está mal formado \(línea \d+, columna \d+\)/);
  });

  it('deletes an application with action D, and refuses (writing nothing) a D for an unknown id', async () => {
    const res = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-delete.xml', xml: fixture('aces-delete.xml') });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ recordCount: 2, upserted: 1, deleted: 1 });
    expect(await sql(`select 1 from aces_applications where app_id = '9005'`)).toHaveLength(0);
    expect(await sql(`select part_number from aces_applications where app_id = '9006'`)).toEqual([{ part_number: '3311' }]);

    const again = fixture('aces-delete.xml').replace('id="9006"', 'id="9007"');
    const refused = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-delete-again.xml', xml: again });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: 'App[1] id=9005', message: 'No existe una aplicación con id 9005 para eliminar.' }]);
    expect(await sql(`select 1 from aces_applications where app_id = '9007'`)).toHaveLength(0);
  });

  it('keeps both brands’ applications when two files number their applications from 1, and warns about attributes it does not map', async () => {
    const monroe = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-brand-monroe.xml', xml: fixture('aces-brand-monroe.xml') });
    expect(monroe.status).toBe(201);
    expect(monroe.body.data).toMatchObject({ source: 'BBSF', upserted: 2, warningCount: 2 });
    const bosch = await operator.post(`${IMPORTS}/aces`, { fileName: 'aces-brand-bosch.xml', xml: fixture('aces-brand-bosch.xml') });
    expect(bosch.status).toBe(201);
    expect(bosch.body.data).toMatchObject({ source: 'BBHK', upserted: 2, warningCount: 3 });
    expect(bosch.body.data.warnings).toEqual([
      'App[2] id=2: El atributo EngineDesignation (id 112) no se usa para filtrar vehículos: se guardó con la aplicación, que por ahora aplica a todo el vehículo base.',
      'App[2] id=2: El atributo FuelType (id 5) no se usa para filtrar vehículos: se guardó con la aplicación, que por ahora aplica a todo el vehículo base.',
      'App[2] id=2: El atributo Region (id 1) no se usa para filtrar vehículos: se guardó con la aplicación, que por ahora aplica a todo el vehículo base.',
    ]);
    // Both files' App 1 and App 2 are there, each with its own part: the second file overwrote nothing.
    const rows = await sql<{ source: string; app_id: string; part_number: string; attributes: unknown[] }>(
      `select source, app_id, part_number, attributes from aces_applications where source in ('BBSF', 'BBHK') order by source, app_id`,
    );
    expect(rows.map((r) => [r.source, r.app_id, r.part_number])).toEqual([
      ['BBHK', '1', '3323'],
      ['BBHK', '2', '3311'],
      ['BBSF', '1', '72351'],
      ['BBSF', '2', '72352'],
    ]);
    expect(rows[3]!.attributes).toEqual([
      { name: 'BodyType', id: '5', value: null },
      { name: 'BodyNumDoors', id: '4', value: null },
    ]);
    const [log] = await sql<Record<string, unknown>>(`select source, warning_count, warnings from catalog_imports where id = ?`, [
      bosch.body.data.importId,
    ]);
    expect(log).toMatchObject({ source: 'BBHK', warning_count: 3 });
    expect(log!.warnings).toHaveLength(3);

    // Re-sending a brand's file updates that brand's rows only; a deletion names its own brand's id.
    const reimport = await operator.post(`${IMPORTS}/aces`, {
      fileName: 'aces-brand-bosch.xml',
      xml: fixture('aces-brand-bosch.xml').replace('<Part>3323</Part>', '<Part>3330</Part>'),
    });
    expect(reimport.status).toBe(201);
    expect(
      await sql(`select source, part_number from aces_applications where app_id = '1' and source in ('BBSF', 'BBHK') order by source`),
    ).toEqual([
      { source: 'BBHK', part_number: '3330' },
      { source: 'BBSF', part_number: '72351' },
    ]);
  });

  it('refuses a PIES 6.5 file and an ACES file of an unsupported version, writing nothing', async () => {
    const before = await count('pies_items');
    const pies = await operator.post(`${IMPORTS}/pies`, {
      fileName: 'pies-65.xml',
      xml: fixture('pies-good.xml').replace('<PIESVersion>7.2</PIESVersion>', '<PIESVersion>6.5</PIESVersion>'),
    });
    expect(pies.status).toBe(400);
    expect(pies.body.details).toEqual([
      { path: 'Header', message: 'La versión 6.5 de PIES no es compatible: se aceptan las versiones 7.1, 7.2.' },
    ]);
    expect(await count('pies_items')).toBe(before);
    const aces = await operator.post(`${IMPORTS}/aces`, {
      fileName: 'aces-20.xml',
      xml: fixture('aces-brand-bosch.xml').replace('<ACES version="4.2">', '<ACES version="2.0">'),
    });
    expect(aces.status).toBe(400);
    expect(aces.body.errors[1]).toBe(
      'ACES: La versión 2.0 de ACES no es compatible: se aceptan las versiones 3.0, 3.1, 3.2, 4.0, 4.1, 4.2.',
    );
  });

  it('lists imports with their status and error counts, newest first, with x-total-count', async () => {
    const res = await operator.get(`${IMPORTS}?pageSize=50`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBe(res.body.data.length);
    expect(res.body.metadata).toMatchObject({ total: res.body.data.length, page: 0, pageSize: 50 });
    const byFile = Object.fromEntries(res.body.data.map((r: { fileName: string }) => [r.fileName, r]));
    expect(byFile['aces-good.xml']).toMatchObject({
      kind: 'aces',
      status: 'imported',
      errorCount: 0,
      recordCountDeclared: 5,
      recordCountParsed: 5,
    });
    expect(byFile['aces-many-errors.xml']).toMatchObject({ status: 'rejected', errorCount: 4 });
    expect(byFile['malformed.xml']).toMatchObject({ status: 'rejected', errorCount: 1, recordCountParsed: 0 });
    const rejected = await operator.get(`${IMPORTS}?status=rejected&kind=pies`);
    expect(rejected.body.data.map((r: { fileName: string }) => r.fileName)).toEqual(['pies-65.xml', 'pies-bad-record.xml']);
    expect(byFile['aces-brand-monroe.xml']).toMatchObject({ status: 'imported', source: 'BBSF', warningCount: 2 });
  });

  it('is for operators only: guests 401, customers 403', async () => {
    const guest = new TestClient(t.url);
    const body = { fileName: 'aces-good.xml', xml: fixture('aces-good.xml') };
    expect((await guest.post(`${IMPORTS}/aces`, body)).status).toBe(401);
    expect((await guest.get(IMPORTS)).status).toBe(401);
    const customer = await login('cliente@tuerca.demo');
    const res = await customer.post(`${IMPORTS}/pies`, body);
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual(['No tienes permiso para realizar esta acción']);
    expect((await customer.get(IMPORTS)).status).toBe(403);
  });

  it('refuses a missing file name, an XML over 10 MB (400) and a body over the route limit (413), in Spanish, never 500', async () => {
    const noName = await operator.post(`${IMPORTS}/aces`, { xml: fixture('aces-good.xml') });
    expect(noName.status).toBe(400);
    const long = await operator.post(`${IMPORTS}/aces`, { fileName: 'grande.xml', xml: 'x'.repeat(10 * 1024 * 1024 + 1) });
    expect(long.status).toBe(400);
    expect(long.body.errors.length).toBeGreaterThan(0);
    const huge = await operator.post(`${IMPORTS}/pies`, { fileName: 'enorme.xml', xml: 'x'.repeat(13 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.errors).toEqual(['Valor inválido']);
  });
});
