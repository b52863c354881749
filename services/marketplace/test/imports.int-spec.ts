import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import type { ContextDatabase } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { demoStores } from '@tuerca/demo-data';
import { cleanReference } from '@tuerca/contracts';
import { MarketplaceModule } from '@tuerca/marketplace';

const P = '/api/catalogo/products';
const I = `${P}/imports`;
const A = '/admin-api/product-imports';
const [bogota, cali, leon, virtualStore] = demoStores();

const b64 = (bytes: Uint8Array | string) => Buffer.from(typeof bytes === 'string' ? strToU8(bytes) : bytes).toString('base64');

/** A CSV as Excel in Spanish saves it: UTF-8 BOM, ';' between fields, decimal commas, quoted text. */
const CLEAN_CSV =
  '\uFEFFNúmero de parte;Marca;Título;Descripción;Inventario;Precio;Modelo de venta;Imágenes\r\n' +
  'IMP-CSV-1;Bosch;Pastillas de freno delanteras;"Juego de 4; cerámicas";10;125.000;venta;https://img.tuerca.co/imp-csv-1.jpg\r\n' +
  'IMP-CSV-2;NGK;Bujía de iridio;;24;"32.500,50";pedido;\r\n' +
  'IMP-CSV-3;Mann-Filter;Filtro de aceite;;5;45000;cotización;\r\n';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An .xlsx as a spreadsheet program writes it: shared strings for text, numbers as numbers. */
function xlsx(rows: (string | number)[][]): Uint8Array {
  const shared: string[] = [];
  const index = (s: string) => (shared.includes(s) ? shared.indexOf(s) : shared.push(s) - 1);
  const col = (i: number) => String.fromCharCode(65 + i);
  const data = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">` +
        cells
          .map((v, c) =>
            typeof v === 'number' ? `<c r="${col(c)}${r + 1}"><v>${v}</v></c>` : `<c r="${col(c)}${r + 1}" t="s"><v>${index(v)}</v></c>`,
          )
          .join('') +
        '</row>',
    )
    .join('');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    '_rels/.rels': strToU8(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Productos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(`<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${data}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': strToU8(
      `<?xml version="1.0"?><sst xmlns="${NS}">${shared.map((s) => `<si><t>${esc(s)}</t></si>`).join('')}</sst>`,
    ),
  });
}

describe('seller catalogue import from spreadsheets', () => {
  let t: TestHttpApp;
  let db: ContextDatabase;
  const who: Record<'guest' | 'cliente' | 'vendedor' | 'tienda' | 'refaccionaria' | 'operador', TestClient> = {} as never;

  const upload = (client: TestClient, fileName: string, content: Uint8Array | string, storeId?: string) =>
    client.post(I, { fileName, contentBase64: b64(content), ...(storeId ? { storeId } : {}) });

  /** Uploads and waits for the job (through Redis) to finish the import. */
  const importFile = async (client: TestClient, fileName: string, content: Uint8Array | string, storeId?: string) => {
    const res = await upload(client, fileName, content, storeId);
    expect([res.status, res.body.data?.status]).toEqual([202, 'queued']);
    return finished(client, res.body.data.importId as string);
  };

  const finished = (client: TestClient, id: string) =>
    eventually(async () => {
      const r = await client.get(`${I}/${id}`);
      return r.status === 200 && ['imported', 'rejected'].includes(r.body.data.status) ? r.body : null;
    }, 30000);

  const productCount = async (storeId: string) =>
    Number((await db.em().execute<{ n: string }[]>(`select count(*) as n from products where store_id = ?`, [storeId]))[0]!.n);

  const searchable = (reference: string, check: (p: any) => boolean = () => true) =>
    eventually(async () => {
      const r = await who.guest.get(`${P}?filter=${encodeURIComponent(JSON.stringify({ reference }))}`);
      const hit = (r.body.data as any[] | undefined)?.find((p) => p.clean_reference_1 === cleanReference(reference));
      return hit && check(hit) ? hit : null;
    }, 30000);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule]);
    await seedIdentity(t.db('identity'));
    db = t.db('marketplace');
    for (const s of [bogota!, cali!, leon!, virtualStore!]) {
      await db.em().execute(
        `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile)
         values (?, ?, ?, ?, ?, ?, ?, ?, '+573001112233')`,
        [s.id, s.name, s.country, s.country === 'MX' ? 'MXN' : 'COP', s.city, s.virtual, s.pathPrefix, !s.virtual],
      );
    }
    who.guest = new TestClient(t.url);
    for (const [key, email] of [
      ['cliente', 'cliente@tuerca.demo'],
      ['vendedor', 'vendedor@tuerca.demo'],
      ['tienda', 'tienda@tuerca.demo'],
      ['refaccionaria', 'refaccionaria@tuerca.demo'],
      ['operador', 'operador@tuerca.demo'],
    ] as const) {
      who[key] = new TestClient(t.url);
      expect((await who[key].post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('imports a clean CSV (BOM, ";", Spanish headers) in a job, and its products become searchable', async () => {
    const done = await importFile(who.vendedor, 'catalogo.csv', CLEAN_CSV);
    expect(done.data).toMatchObject({
      storeId: bogota!.id,
      fileName: 'catalogo.csv',
      format: 'csv',
      status: 'imported',
      progress: 100,
      rowCount: 3,
      inserted: 3,
      updated: 0,
      errorCount: 0,
      errors: [],
    });
    expect(done.data.finishedAt).toEqual(expect.any(String));
    expect(done.metadata.message).toBe('Archivo importado: 3 productos nuevos y 0 actualizados.');
    const events = await db
      .em()
      .execute<{ type: string; n: string }[]>(
        `select type, count(*) as n from outbox_events where envelope->'actor'->>'id' = ? group by type order by type`,
        [done.data.createdBy],
      );
    expect(events).toEqual([
      { type: 'ProductPublished', n: '3' },
      { type: 'ProductsImported', n: '1' },
    ]);
    const p = await searchable('IMP-CSV-2');
    expect(p).toMatchObject({ manufacturer_title: 'NGK', inventario: 24, actualPrice: 32500.5, salesModel: 2, available: true });
    expect(await searchable('IMP-CSV-1')).toMatchObject({
      descripcion: 'Juego de 4; cerámicas',
      imagesURLs: ['https://img.tuerca.co/imp-csv-1.jpg'],
    });
    // The uploaded file is not kept once processed.
    const [row] = await db.em().execute<{ content: unknown }[]>(`select content from product_imports where id = ?`, [done.data.id]);
    expect(row!.content).toBeNull();
  });

  it('imports a clean XLSX built like Excel (shared strings, numbers)', async () => {
    const bytes = xlsx([
      ['Referencia 1', 'Marca', 'Producto', 'Stock', 'Precio', 'Ocultar precio', 'Categoría'],
      ['IMP-XLS-1', 'Gates', 'Correa de distribución', 7, 189900, 'No', 'Motor'],
      ['IMP-XLS-2', 'SKF', 'Rodamiento de rueda', 3, 99000.5, 'Sí', 'Suspensión'],
    ]);
    const done = await importFile(who.vendedor, 'Inventario Julio.XLSX', bytes);
    expect(done.data).toMatchObject({ format: 'xlsx', status: 'imported', rowCount: 2, inserted: 2, updated: 0 });
    expect(await searchable('IMP-XLS-1')).toMatchObject({
      title: 'Correa de distribución',
      inventario: 7,
      actualPrice: 189900,
      category: 'Motor',
    });
    expect(await searchable('IMP-XLS-2')).toMatchObject({ hidePrices: true });
  });

  it('rejects a file with errors, every row error in Spanish, and writes nothing', async () => {
    const before = await productCount(bogota!.id);
    const bad =
      'Número de parte,Marca,Título,Inventario,Precio,Modelo de venta\n' +
      'IMP-BAD-1,Bosch,Amortiguador,2,150000,venta\n' +
      ',Bosch,Sin referencia,2,150000,venta\n' +
      'IMP-BAD-3,Monroe,Amortiguador trasero,dos,-1,subasta\n' +
      'imp bad 1,BOSCH,Repetido,1,1,1\n';
    const done = await importFile(who.vendedor, 'malo.csv', bad);
    expect(done.data).toMatchObject({ status: 'rejected', progress: 100, rowCount: 4, inserted: 0, updated: 0, errorCount: 5 });
    expect(done.data.errors.map((e: { text: string }) => e.text)).toEqual([
      'Fila 3, columna Número de parte: Este campo es obligatorio',
      'Fila 4, columna Inventario: Debe ser un número',
      'Fila 4, columna Precio: Debe ser mayor o igual a 0',
      'Fila 4, columna Modelo de venta: Modelo de venta inválido: usa 1 (venta), 2 (pedido) o 3 (cotización)',
      'Fila 5, columna Número de parte: El número de parte imp bad 1 de la marca BOSCH ya aparece en la fila 2',
    ]);
    expect(done.data.errors[0]).toMatchObject({ row: 3, column: 'Número de parte', message: 'Este campo es obligatorio' });
    expect(done.metadata.message).toBe('El archivo tiene 5 errores: no se importó ningún producto.');
    expect(await productCount(bogota!.id)).toBe(before);
    const events = await db
      .em()
      .execute<{ envelope: { payload: unknown } }[]>(
        `select envelope from outbox_events where type = 'ProductsImported' and aggregate_id = ?`,
        [done.data.id],
      );
    expect(events.map((e) => e.envelope.payload)).toEqual([
      { importId: done.data.id, storeId: bogota!.id, status: 'rejected', rows: 4, errors: 5 },
    ]);

    // A file without the required columns: one clear error.
    const missing = await importFile(who.vendedor, 'sin-precio.csv', 'Referencia,Marca,Título\nX-1,Bosch,Algo\n');
    expect(missing.data).toMatchObject({ status: 'rejected', errorCount: 1 });
    expect(missing.data.errors).toEqual([
      {
        row: null,
        column: null,
        message: 'Faltan columnas obligatorias: Inventario, Precio.',
        text: 'Faltan columnas obligatorias: Inventario, Precio.',
      },
    ]);
    // Not a workbook at all.
    const broken = await importFile(who.vendedor, 'roto.xlsx', 'esto no es un zip');
    expect(broken.data.errors[0].text).toMatch(/^No se pudo leer el archivo Excel/);
    expect(await productCount(bogota!.id)).toBe(before);
  });

  it('re-importing updates the matching products (reference and brand, any case) instead of duplicating them', async () => {
    const before = await productCount(bogota!.id);
    const [old] = await db
      .em()
      .execute<{ id: string; fecha_actualizacion: Date; descripcion: string }[]>(
        `select id, fecha_actualizacion, descripcion from products where store_id = ? and referencia_1 = 'IMP-CSV-1'`,
        [bogota!.id],
      );
    const again =
      'Referencia 1,Marca,Título,Stock,Precio\nimp-csv-1,BOSCH,Pastillas de freno delanteras,3,130000\nIMP-CSV-4,Bosch,Disco de freno,8,210000\n';
    const done = await importFile(who.vendedor, 'actualizacion.csv', again);
    expect(done.data).toMatchObject({ status: 'imported', rowCount: 2, inserted: 1, updated: 1 });
    expect(await productCount(bogota!.id)).toBe(before + 1);
    const [now] = await db
      .em()
      .execute<{ id: string; inventario: number; actual_price: string; fecha_actualizacion: Date; descripcion: string }[]>(
        `select id, inventario, actual_price, fecha_actualizacion, descripcion from products where store_id = ? and clean_reference_1 = 'IMPCSV1'`,
        [bogota!.id],
      );
    expect(now).toMatchObject({ id: old!.id, inventario: 3, actual_price: '130000.00' });
    // The seller confirmed the stock: fecha_actualizacion moves; columns the file lacks (Descripción) stay.
    expect(new Date(now!.fecha_actualizacion).getTime()).toBeGreaterThan(new Date(old!.fecha_actualizacion).getTime());
    expect(now!.descripcion).toBe('Juego de 4; cerámicas');
    // The file's own spelling of the reference and brand is kept.
    await searchable(
      'IMP-CSV-1',
      (p) => p.inventario === 3 && p.actualPrice === 130000 && p.referencia_1 === 'imp-csv-1' && p.manufacturer_title === 'BOSCH',
    );
    await searchable('IMP-CSV-4');
  });

  it('lists the store’s imports, newest first, paged with the spec’s list query', async () => {
    const page = await who.vendedor.get(`${I}?page=0&pageSize=2`);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0]).toMatchObject({ fileName: 'actualizacion.csv', status: 'imported' });
    expect(page.body.data[0].errors).toBeUndefined();
    expect(page.headers.get('x-total-count')).toBe(String(page.body.metadata.total));
    expect(page.body.metadata.total).toBeGreaterThanOrEqual(6);
    const rejected = await who.vendedor.get(`${I}?filter=${encodeURIComponent(JSON.stringify({ status: 'rejected' }))}`);
    expect(rejected.body.data.every((r: { status: string; storeId: string }) => r.status === 'rejected' && r.storeId === bogota!.id)).toBe(
      true,
    );
    // Another seller's list does not show them.
    expect((await who.refaccionaria.get(I)).body.metadata.total).toBe(0);
  });

  it('keeps tenants apart: another store is 403 to import into, another store’s import is 404; guests 401, customers 403', async () => {
    const mine = (await who.vendedor.get(I)).body.data[0].id as string;
    expect((await upload(who.vendedor, 'x.csv', CLEAN_CSV, leon!.id)).status).toBe(403);
    expect((await who.refaccionaria.get(`${I}/${mine}`)).status).toBe(404);
    expect((await who.tienda.get(`${I}/${mine}`)).status).toBe(404);
    expect((await who.refaccionaria.get(`${I}?filter=${encodeURIComponent(JSON.stringify({ storeId: bogota!.id }))}`)).status).toBe(403);
    expect((await upload(who.guest, 'x.csv', CLEAN_CSV)).status).toBe(401);
    expect((await who.guest.get(I)).status).toBe(401);
    expect((await who.guest.get(`${I}/${mine}`)).status).toBe(401);
    expect((await upload(who.cliente, 'x.csv', CLEAN_CSV)).status).toBe(403);
    // Operators import into any store, naming it.
    const done = await importFile(
      who.operador,
      'leon.csv',
      'Número de parte,Marca,Título,Inventario,Precio\nIMP-MX-1,Bosch,Balatas,4,850.5\n',
      leon!.id,
    );
    expect(done.data).toMatchObject({ storeId: leon!.id, status: 'imported', inserted: 1 });
    expect((await who.refaccionaria.get(`${I}/${done.data.id}`)).status).toBe(200);
    expect((await who.operador.get(`${I}/${mine}`)).status).toBe(200);
  });

  it('refuses a file that is not .xlsx or .csv, or not base64, with a Spanish 400', async () => {
    const res = await who.vendedor.post(I, { fileName: 'catalogo.pdf', contentBase64: b64('x') });
    expect([res.status, res.body.errors]).toEqual([400, ['Solo se pueden importar archivos .xlsx o .csv.']]);
    const bad = await who.vendedor.post(I, { fileName: 'catalogo.csv', contentBase64: '***' });
    expect([bad.status, bad.body.errors]).toEqual([400, ['Contenido base64 inválido']]);
  });

  it('accepts a file of several MB (the body limit is raised for the upload) and writes it in batches', async () => {
    const before = await productCount(bogota!.id);
    const long = 'Producto de prueba con una descripción larga para pesar más. '.repeat(14);
    const rows = Array.from({ length: 3000 }, (_, i) => `IMP-BIG-${i},Bosch,Filtro ${i},${long},1,${1000 + i}`);
    const csv = `Número de parte,Marca,Título,Descripción,Inventario,Precio\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(2 * 1024 * 1024);
    const done = await importFile(who.vendedor, 'grande.csv', csv);
    expect(done.data).toMatchObject({ status: 'imported', rowCount: 3000, inserted: 3000, updated: 0, progress: 100 });
    expect(await productCount(bogota!.id)).toBe(before + 3000);
  });

  it('serves the CSV template with the Spanish headers and an example row', async () => {
    const res = await who.vendedor.get(`${I}/template.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, example] = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Número de parte;Referencia 2;Referencia 3;Marca;Título;Descripción;Observaciones;Inventario;Precio;Ocultar precio;Tiempo de entrega;Cantidad mínima;Modelo de venta;Carrito o favoritos;Cantidad máxima cotización;Horas para comprar;Categoría;Imágenes',
    );
    expect(example).toMatch(/^BP-1001;/);
    expect((await who.guest.get(`${I}/template.csv`)).status).toBe(401);
  });

  describe('operator console resource /admin-api/product-imports', () => {
    it('lists in ra-data-simple-rest’s dialect: sort, range, filter, Content-Range', async () => {
      const res = await who.operador.get(`${A}?sort=${encodeURIComponent('["createdAt","ASC"]')}&range=${encodeURIComponent('[0,1]')}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(2);
      const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range')!)![1]);
      expect(res.headers.get('content-range')).toBe(`product-imports 0-1/${total}`);
      expect(res.body[0].fileName).toBe('catalogo.csv');
      const leonOnly = await who.operador.get(`${A}?filter=${encodeURIComponent(JSON.stringify({ storeId: leon!.id }))}`);
      expect(leonOnly.body.map((r: { fileName: string }) => r.fileName)).toEqual(['leon.csv']);
      const q = await who.operador.get(`${A}?filter=${encodeURIComponent(JSON.stringify({ q: 'MALO', status: 'rejected' }))}`);
      expect(q.body.map((r: { fileName: string }) => r.fileName)).toEqual(['malo.csv']);
      const many = await who.operador.get(`${A}?filter=${encodeURIComponent(JSON.stringify({ id: [q.body[0].id] }))}`);
      expect(many.body).toHaveLength(1);
      expect((await who.operador.get(`${A}?sort=${encodeURIComponent('["content","ASC"]')}`)).status).toBe(400);
    });

    it('shows sellers their own store’s imports only, and answers one with its errors', async () => {
      const res = await who.refaccionaria.get(A);
      expect(res.body.map((r: { storeId: string }) => r.storeId)).toEqual([leon!.id]);
      expect(res.headers.get('content-range')).toBe('product-imports 0-0/1');
      const mine = await who.vendedor.get(`${A}?filter=${encodeURIComponent(JSON.stringify({ status: 'rejected', q: 'malo' }))}`);
      const one = await who.vendedor.get(`${A}/${mine.body[0].id}`);
      expect(one.status).toBe(200);
      expect(one.body.errors).toHaveLength(5);
      expect((await who.refaccionaria.get(`${A}/${mine.body[0].id}`)).status).toBe(404);
      expect((await who.guest.get(A)).status).toBe(401);
      expect((await who.cliente.get(A)).status).toBe(403);
    });

    it('creates an import (queued, then processed) and refuses updates and deletes', async () => {
      const res = await who.operador.post(A, {
        storeId: cali!.id,
        fileName: 'cali.xlsx',
        contentBase64: b64(
          xlsx([
            ['Número de parte', 'Marca', 'Título', 'Inventario', 'Precio'],
            ['IMP-CALI-1', 'Denso', 'Bobina', 2, 75000],
          ]),
        ),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ storeId: cali!.id, status: 'queued', format: 'xlsx', errors: [] });
      const done = await finished(who.operador, res.body.id);
      expect(done.data).toMatchObject({ status: 'imported', inserted: 1 });
      expect((await who.vendedor.post(A, { storeId: cali!.id, fileName: 'x.csv', contentBase64: b64(CLEAN_CSV) })).status).toBe(403);
      expect((await who.operador.request('PUT', `${A}/${res.body.id}`, { status: 'imported' })).status).toBe(405);
      expect((await who.operador.request('DELETE', `${A}/${res.body.id}`)).status).toBe(405);
    });
  });
});
