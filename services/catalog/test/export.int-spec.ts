import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unzipSync, strFromU8 } from 'fflate';
import { XMLValidator } from 'fast-xml-parser';
import { SESSION_COOKIE, type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, seedCatalog } from '@tuerca/catalog';
import { buildXlsx, columnName, xmlEscape } from '../src/export/xlsx.js';
import { EXPORT_HEADER_ROWS } from '../src/export/export.rules.js';

const EXPORT = '/api/catalogo/catalogV2/exportExcel';
const PREMIUM = 'Contáctanos para obtener más información de esta funcionalidad premium.';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('xlsx writer', () => {
  it('escapes every XML special character and drops characters XML cannot hold', () => {
    expect(xmlEscape(`Junta "A" & <tapa> 'B'`)).toBe('Junta &quot;A&quot; &amp; &lt;tapa&gt; &apos;B&apos;');
    expect(xmlEscape('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
    expect(xmlEscape('ñandú ✓')).toBe('ñandú ✓');
  });

  it('names columns A..Z, AA', () => {
    expect([0, 5, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'F', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes a well-formed workbook whose cells keep hostile text as text', () => {
    const zip = unzipSync(
      buildXlsx({
        name: 'Piezas: [1/2]',
        rows: [
          ['A & B', '<x>'],
          ['</t></is>', 3],
        ],
        boldRows: new Set([0]),
      }),
    );
    expect(Object.keys(zip).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    for (const file of Object.values(zip)) expect(XMLValidator.validate(strFromU8(file))).toBe(true);
    const sheet = strFromU8(zip['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">A &amp; B</t></is></c>');
    expect(sheet).toContain('&lt;/t&gt;&lt;/is&gt;');
    expect(sheet).toContain('<c r="B2"><v>3</v></c>');
    expect(strFromU8(zip['xl/styles.xml']!)).toContain('<b/>');
    expect(strFromU8(zip['xl/workbook.xml']!)).toContain('name="Piezas   1 2"');
  });
});

describe('catalogue Excel export over HTTP', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let catalogCode: string;
  let vehicleId: string;
  let unitId: string;
  let categoryId: string;
  let partsOfVehicle: number;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule]);
    const db = (schema: string) => t.db(schema);
    catalog = db('catalog');
    await seedIdentity(db('identity'));
    await seedCatalog(catalog, { seed: 2026, scale: 1 });
    const [v] = await catalog.em().execute<{ vehicle_id: string; catalog_code: string; platform_id: string; parts: string }[]>(
      `select v.vehicle_id, v.catalog_code, v.platform_id, count(p.part_id) as parts
       from vehicles v join units u on u.platform_id = v.platform_id and u.catalog_code = v.catalog_code
       join parts p on p.unit_id = u.unit_id
       group by v.vehicle_id, v.catalog_code, v.platform_id order by v.vehicle_id limit 1`,
    );
    vehicleId = v!.vehicle_id;
    catalogCode = v!.catalog_code;
    partsOfVehicle = Number(v!.parts);
    const [u] = await catalog
      .em()
      .execute<{ unit_id: string; category_id: string }[]>(
        'select unit_id, category_id from units where platform_id = ? and catalog_code = ? order by unit_id limit 1',
        [v!.platform_id, catalogCode],
      );
    unitId = u!.unit_id;
    categoryId = u!.category_id;
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

  const q = (params: Record<string, string>) => new URLSearchParams({ catalogCode, vehicleId, ...params }).toString();

  /** TestClient reads bodies as text; the workbook is binary, so fetch it with the session cookie. */
  async function download(c: TestClient, params: Record<string, string> = {}) {
    const res = await fetch(`${t.url}${EXPORT}?${q(params)}`, { headers: { cookie: `${SESSION_COOKIE}=${c.cookie(SESSION_COOKIE)}` } });
    return { res, zip: res.status === 200 ? unzipSync(new Uint8Array(await res.arrayBuffer())) : {} };
  }

  const sheetOf = (zip: Record<string, Uint8Array>) => strFromU8(zip['xl/worksheets/sheet1.xml']!);
  const rowCount = (sheet: string) => sheet.match(/<row /g)?.length ?? 0;

  it('asks a guest to log in', async () => {
    const res = await new TestClient(t.url).get(`${EXPORT}?${q({})}`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Login required');
  });

  it('answers the premium-feature text to a person without downloadPartsCatalog', async () => {
    const res = await (await login('cliente@tuerca.demo')).get(`${EXPORT}?${q({})}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Premium feature');
    expect(res.body.errors).toEqual([PREMIUM]);
  });

  it('gives a workshop with downloadPartsCatalog a real workbook of the vehicle parts', async () => {
    const { res, zip } = await download(await login('taller@tuerca.demo'), { groupName: 'Motor & <Frenos>' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="catalogo-[a-z0-9-]+\.xlsx"/);
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/worksheets/sheet1.xml',
        'xl/styles.xml',
      ]),
    );
    for (const file of Object.values(zip)) expect(XMLValidator.validate(strFromU8(file))).toBe(true);
    const sheet = sheetOf(zip);
    for (const h of ['Grupo', 'Unidad', 'Nº en diagrama', 'Nº de parte (OEM)', 'Descripción', 'Cantidad'])
      expect(sheet).toContain(`>${h}<`);
    expect(sheet).toContain('>Motor &amp; &lt;Frenos&gt;<');
    expect(rowCount(sheet)).toBe(EXPORT_HEADER_ROWS + partsOfVehicle);
    const [part] = await catalog
      .em()
      .execute<{ oem: string; name_es: string }[]>('select oem, name_es from parts where unit_id = ? limit 1', [unitId]);
    expect(sheet).toContain(`>${xmlEscape(part!.oem)}<`);
    expect(sheet).toContain(`>${xmlEscape(part!.name_es)}<`);
  });

  it('limits the workbook to a unit or a category', async () => {
    const workshop = await login('taller@tuerca.demo');
    const [{ n }] = (await catalog.em().execute<{ n: string }[]>('select count(*) as n from parts where unit_id = ?', [unitId])) as [
      { n: string },
    ];
    const byUnit = await download(workshop, { uid: unitId });
    expect(byUnit.res.status).toBe(200);
    expect(rowCount(sheetOf(byUnit.zip))).toBe(EXPORT_HEADER_ROWS + Number(n));
    const byCategory = await download(workshop, { cid: categoryId });
    expect(byCategory.res.status).toBe(200);
    const rows = rowCount(sheetOf(byCategory.zip));
    expect(rows).toBeGreaterThanOrEqual(EXPORT_HEADER_ROWS + Number(n));
    expect(rows).toBeLessThanOrEqual(EXPORT_HEADER_ROWS + partsOfVehicle);
  });

  it('answers 400 and 404 in Spanish for bad input and unknown vehicles', async () => {
    const workshop = await login('taller@tuerca.demo');
    const missing = await workshop.get(`${EXPORT}?catalogCode=${encodeURIComponent(catalogCode)}`);
    expect(missing.status).toBe(400);
    const forged = await workshop.get(`${EXPORT}?${q({ ssd: 'abc.def' })}`);
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual(['Valor inválido']);
    const unknown = await workshop.get(`${EXPORT}?${q({ vehicleId: 'NOPE' })}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatch(/[a-záéíóúñ]/);
    expect((await workshop.get(`${EXPORT}?${q({ uid: 'NOPE' })}`)).status).toBe(404);
  });
});
