import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContextDatabase } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { DEFAULT_SEED, demoPeople, demoStores } from '@tuerca/demo-data';
import { IntegrationsModule } from '@tuerca/integrations';
import { MarketplaceModule } from '@tuerca/marketplace';

const I = '/api/catalogo/products/imports';
const PIES = '/api/integrations/brandCompatibilitiesPIES';

/**
 * issue 18 "brand mappings used by an import": integrations announces a store's brand mappings
 * (BrandMappingSaved / BrandMappingRemoved, through the outbox); the marketplace keeps its copy and the
 * seller's spreadsheet import resolves the rows' brands through it, reporting the unmapped ones per row.
 */
describe('spreadsheet import resolves brands through the store brand mappings', () => {
  let t: TestHttpApp;
  let db: ContextDatabase;
  let seller: TestClient;
  let operator: TestClient;
  const storeId = demoPeople(DEFAULT_SEED).find((p) => p.email === 'vendedor@tuerca.demo')!.storeId!;
  const store = demoStores().find((s) => s.id === storeId)!;

  const sql = <T = Record<string, any>>(q: string, params: unknown[] = []) => db.em().execute<T[]>(q, params);
  const csv = (rows: string[]) =>
    Buffer.from(['Número de parte;Marca;Título;Inventario;Precio;Modelo de venta', ...rows].join('\r\n')).toString('base64');
  const importRows = async (fileName: string, rows: string[]) => {
    const res = await seller.post(I, { fileName, contentBase64: csv(rows) });
    expect(res.status).toBe(202);
    return eventually(async () => {
      const r = await seller.get(`${I}/${res.body.data.importId}`);
      return ['imported', 'rejected'].includes(r.body.data?.status) ? r.body : null;
    }, 30000);
  };
  const brandOf = async (reference: string) =>
    (
      await sql<{ brand: string }>(`select manufacturer_title as brand from products where store_id = ? and referencia_1 = ?`, [
        storeId,
        reference,
      ])
    )
      .map((r) => r.brand)
      .sort();
  const copyOf = (label: string) =>
    sql(`select * from brand_mappings where store_id = ? and brand_key = ?`, [storeId, label]).then((r) => r[0]);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule, IntegrationsModule]);
    await seedIdentity(t.db('identity'));
    db = t.db('marketplace');
    await db.em().execute(
      `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile)
       values (?, ?, ?, ?, ?, false, ?, true, '+573001112233')`,
      [store.id, store.name, store.country, store.country === 'MX' ? 'MXN' : 'COP', store.city, store.pathPrefix],
    );
    const login = async (email: string) => {
      const c = new TestClient(t.url);
      expect((await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
      return c;
    };
    seller = await login('vendedor@tuerca.demo');
    operator = await login('operador@tuerca.demo');
    const table = await operator.post('/admin-api/pies-brands/import', {
      brands: [
        { brand_aaiaid: 'BBHK', brand_name: 'Bosch Automotive' },
        { brand_aaiaid: 'NGKS', brand_name: 'NGK Spark Plugs' },
      ],
    });
    expect(table.status).toBeLessThan(300);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a mapping made in integrations reaches the marketplace copy, and the import gives the row the PIES brand', async () => {
    const made = await seller.post(PIES, { product_brand: 'Bosh', brand_aaiaid: 'BBHK' });
    expect(made.status).toBe(201);
    const copy = await eventually(() => copyOf('BOSH'), 30000);
    expect(copy).toMatchObject({ id: made.body.data.id, brand_aaiaid: 'BBHK', brand_name: 'Bosch Automotive', product_brand: 'Bosh' });

    const done = await importRows('marcas.csv', [
      'BM-1;bosh;Filtro de aceite;5;25000;venta',
      'BM-2;Acme Frenos;Pastillas de freno;3;90000;venta',
    ]);
    expect(done.data).toMatchObject({ status: 'imported', inserted: 2, errorCount: 0, warningCount: 1 });
    // The mapped label became the PIES brand; the unmapped one kept its label and the rest of its row.
    expect(await brandOf('BM-1')).toEqual(['Bosch Automotive']);
    expect(await brandOf('BM-2')).toEqual(['Acme Frenos']);
    expect(done.data.warnings).toEqual([
      {
        row: 3,
        column: 'Marca',
        code: 'Brand not mapped',
        message:
          'La marca Acme Frenos no está asociada a una marca PIES en tu tienda: se importó tal como viene. Puedes asociarla en Compatibilidad de marcas (PIES).',
        text: 'Fila 3, columna Marca: La marca Acme Frenos no está asociada a una marca PIES en tu tienda: se importó tal como viene. Puedes asociarla en Compatibilidad de marcas (PIES).',
      },
    ]);
    expect(done.metadata.message).toBe(
      'Archivo importado: 2 productos nuevos y 0 actualizados. 1 fila tiene una marca sin asociar a una marca PIES: revisa los avisos.',
    );
    const [price] = await sql(`select title, inventario from products where store_id = ? and referencia_1 = 'BM-2'`, [storeId]);
    expect(price).toMatchObject({ title: 'Pastillas de freno', inventario: 3 });
  });

  it('two labels mapped to one brand with the same part number are one product: the file is refused', async () => {
    expect((await seller.post(PIES, { product_brand: 'Bosch', brand_aaiaid: 'BBHK' })).status).toBe(201);
    await eventually(() => copyOf('BOSCH'), 30000);
    const done = await importRows('dobles.csv', ['BM-3;Bosh;Filtro;1;1000;venta', 'BM-3;BOSCH;Filtro;1;1000;venta']);
    expect(done.data).toMatchObject({ status: 'rejected', inserted: 0, errorCount: 1 });
    expect(done.data.errors[0]).toMatchObject({
      row: 3,
      message: 'El número de parte BM-3 de la marca Bosch Automotive ya aparece en la fila 2',
    });
    expect(await brandOf('BM-3')).toEqual([]);
  });

  it("a brand renamed in the operator's new Auto Care table reaches the copy, and the next import uses the new name", async () => {
    const renamed = await operator.post('/admin-api/pies-brands/import', {
      brands: [{ brand_aaiaid: 'BBHK', brand_name: 'Robert Bosch' }],
    });
    expect(renamed.status).toBeLessThan(300);
    await eventually(async () => ((await copyOf('BOSH'))?.brand_name === 'Robert Bosch' ? true : null), 30000);
    await eventually(async () => ((await copyOf('BOSCH'))?.brand_name === 'Robert Bosch' ? true : null), 30000);
    const done = await importRows('renombrada.csv', ['BM-6;Bosh;Filtro de aire;4;30000;venta']);
    expect(done.data).toMatchObject({ status: 'imported', warningCount: 0 });
    expect(await brandOf('BM-6')).toEqual(['Robert Bosch']);
  });

  it('a changed mapping follows; a deleted one is no longer used', async () => {
    const [bosh] = (
      await seller.get(
        `${PIES}/productBrandsCompatibilities?filter=${encodeURIComponent(JSON.stringify({ mapped: true, product_brand: 'bosh' }))}`,
      )
    ).body.data;
    const id = bosh.compatibility.id as string;
    const changed = await seller.get(`${PIES}/updateOne?data=${encodeURIComponent(JSON.stringify({ id, brand_aaiaid: 'NGKS' }))}`);
    expect(changed.status).toBe(200);
    await eventually(async () => ((await copyOf('BOSH'))?.brand_aaiaid === 'NGKS' ? true : null), 30000);
    const first = await importRows('cambio.csv', ['BM-4;Bosh;Bujía;2;12000;venta']);
    expect(first.data).toMatchObject({ status: 'imported', warningCount: 0 });
    expect(await brandOf('BM-4')).toEqual(['NGK Spark Plugs']);

    const removed = await seller.request('DELETE', `${PIES}/deleteOne?data=${encodeURIComponent(JSON.stringify({ id }))}`);
    expect(removed.status).toBe(200);
    await eventually(async () => ((await copyOf('BOSH')) ? null : true), 30000);
    const after = await importRows('sin-marca.csv', ['BM-5;Bosh;Bujía;2;12000;venta']);
    expect(after.data).toMatchObject({ status: 'imported', warningCount: 1 });
    expect(after.data.warnings[0]).toMatchObject({ row: 2, code: 'Brand not mapped' });
    expect(await brandOf('BM-5')).toEqual(['Bosh']);
  });
});
