import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContextDatabase } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { DEFAULT_SEED, demoPeople } from '@tuerca/demo-data';
import { IntegrationsModule } from '@tuerca/integrations';
import { CatalogModule } from '@tuerca/catalog';

const PIES_IMPORT = '/api/catalogo/catalogV2/imports/pies';
const PIES = '/api/integrations/brandCompatibilitiesPIES';

/** A store's PIES 7.2 file: each item with its own brand label, and a BrandAAIAID only when given. */
function piesFile(items: { part: string; label: string; aaiaid?: string }[]): string {
  const body = items
    .map(
      (i) => `
    <Item MaintenanceType="A">
      <PartNumber>${i.part}</PartNumber>${i.aaiaid ? `\n      <BrandAAIAID>${i.aaiaid}</BrandAAIAID>` : ''}
      <BrandLabel>${i.label}</BrandLabel>
      <PartTerminologyID>5340</PartTerminologyID>
      <Descriptions><Description DescriptionCode="DES" LanguageCode="ES">Filtro ${i.part}</Description></Descriptions>
    </Item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org">
  <Header><PIESVersion>7.2</PIESVersion><CurrencyCode>COP</CurrencyCode></Header>
  <Items>${body}
  </Items>
  <Trailer><ItemCount>${items.length}</ItemCount></Trailer>
</PIES>`;
}

/**
 * issue 18 "brand mappings used by an import": integrations announces a store's brand mappings through the
 * outbox; the catalogue keeps its copy, and a store's PIES file resolves its items' brand labels through it.
 */
describe("a store's PIES import resolves brand labels through the store brand mappings", () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let seller: TestClient;
  let operator: TestClient;
  const storeId = demoPeople(DEFAULT_SEED).find((p) => p.email === 'vendedor@tuerca.demo')!.storeId!;

  const sql = <T = Record<string, any>>(q: string, params: unknown[] = []) => catalog.em().execute<T[]>(q, params);
  const copyOf = (key: string) =>
    sql(`select * from brand_mappings where store_id = ? and brand_key = ?`, [storeId, key]).then((r) => r[0]);
  const brandsOf = async (part: string) =>
    (await sql<{ b: string }>(`select brand_aaiaid as b from pies_items where part_number = ? order by 1`, [part])).map((r) => r.b);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule, IntegrationsModule]);
    await seedIdentity(t.db('identity'));
    catalog = t.db('catalog');
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
        { brand_aaiaid: 'ACMF', brand_name: 'Acme Frenos' },
      ],
    });
    expect(table.status).toBeLessThan(300);
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  it('a mapped label gives the item its PIES brand; an unmapped one is a warning of that item, which is kept', async () => {
    const made = await seller.post(PIES, { product_brand: 'Bosh', brand_aaiaid: 'BBHK' });
    expect(made.status).toBe(201);
    expect(await eventually(() => copyOf('BOSH'), 30000)).toMatchObject({ id: made.body.data.id, brand_aaiaid: 'BBHK' });

    const res = await operator.post(PIES_IMPORT, {
      fileName: 'tienda.xml',
      storeId,
      xml: piesFile([
        { part: 'BM-10', label: 'bosh' },
        { part: 'BM-11', label: 'Frenos Acme', aaiaid: 'ACMF' },
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ recordCount: 2, upserted: 2, warningCount: 1 });
    expect(res.body.data.warningDetails).toEqual([
      {
        path: 'Item[2] BM-11',
        code: 'Brand not mapped',
        message: 'La marca Frenos Acme no está asociada a una marca PIES en la tienda: el artículo se importó con su BrandAAIAID.',
      },
    ]);
    expect(await brandsOf('BM-10')).toEqual(['BBHK']);
    expect(await brandsOf('BM-11')).toEqual(['ACMF']);
    const [log] = await sql(`select store_id, warning_count, warnings from catalog_imports where id = ?`, [res.body.data.importId]);
    expect(log).toMatchObject({ store_id: storeId, warning_count: 1 });
    expect(log!.warnings[0]).toMatchObject({ code: 'Brand not mapped' });
  });

  it('without a store the file is read as before: a label alone names no brand', async () => {
    const res = await operator.post(PIES_IMPORT, { fileName: 'sin-tienda.xml', xml: piesFile([{ part: 'BM-13', label: 'Bosh' }]) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'Item[1] BM-13', message: 'Falta la marca (BrandAAIAID).' }]);
  });

  it('once the mapping is deleted it is no longer used: a label alone is refused, with an AAIA id it is a warning', async () => {
    const removed = await seller.request(
      'DELETE',
      `${PIES}/deleteOne?data=${encodeURIComponent(JSON.stringify({ id: (await copyOf('BOSH'))!.id }))}`,
    );
    expect(removed.status).toBe(200);
    await eventually(async () => ((await copyOf('BOSH')) ? null : true), 30000);
    const refused = await operator.post(PIES_IMPORT, {
      fileName: 'tienda-2.xml',
      storeId,
      xml: piesFile([{ part: 'BM-12', label: 'Bosh' }]),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: 'Item[1] BM-12', message: 'La marca Bosh no tiene BrandAAIAID ni está asociada a una marca PIES en la tienda.' },
    ]);
    expect(await brandsOf('BM-12')).toEqual([]);
    const kept = await operator.post(PIES_IMPORT, {
      fileName: 'tienda-3.xml',
      storeId,
      xml: piesFile([{ part: 'BM-12', label: 'Bosh', aaiaid: 'ACMF' }]),
    });
    expect(kept.status).toBe(201);
    expect(kept.body.data.warningDetails).toEqual([expect.objectContaining({ path: 'Item[1] BM-12', code: 'Brand not mapped' })]);
    expect(await brandsOf('BM-12')).toEqual(['ACMF']);
  });
});
