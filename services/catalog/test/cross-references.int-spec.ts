import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProductView } from '@tuerca/contracts';
import type { ContextDatabase } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
// Billing serves the Metering port the context's lookups inject (METERING_PORT).
import { BillingModule } from '@tuerca/billing';
import { demoStores } from '@tuerca/demo-data';
import { CatalogModule, republishCrossReferences } from '@tuerca/catalog';
// A context's integration tests may boot others: here the marketplace, the consumer of the catalogue's cross-references.
import { MarketplaceModule } from '@tuerca/marketplace';

const XREF = '/api/catalogo/catalogV2/crossReferences';
const PRODUCTS = '/api/catalogo/products';
const [store] = demoStores();

const pies = (items: string, count: number) => `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org">
  <Header><PIESVersion>7.2</PIESVersion><CurrencyCode>COP</CurrencyCode></Header>
  <Items>${items}</Items>
  <Trailer><ItemCount>${count}</ItemCount></Trailer>
</PIES>`;

const piesItem = (partNumber: string, brand: string, interchanges: string) => `
    <Item MaintenanceType="A">
      <PartNumber>${partNumber}</PartNumber><BrandAAIAID>BBHK</BrandAAIAID><BrandLabel>${brand}</BrandLabel>
      <PartTerminologyID>5340</PartTerminologyID>
      <PartInterchangeInfo>${interchanges}</PartInterchangeInfo>
    </Item>`;

describe('cross-references: the catalogue publishes them, the marketplace offers them', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let marketplace: ContextDatabase;
  const who: Record<'guest' | 'cliente' | 'asesor' | 'operador', TestClient> = {} as never;

  const put = (client: TestClient, body: unknown) => client.request('PUT', XREF, body);

  const list = (oem: string, references: { manufacturer: string; partNumber: string; type: string; way: string }[]) => ({
    oem,
    manufacturer: 'TOYOTA',
    catalogCode: 'TOYOTA00',
    partType: 'brake_pads',
    references,
  });

  const substitutesOf = async (reference: string) =>
    (
      (await who.guest.get(`${PRODUCTS}/searchProductByReference?reference=${encodeURIComponent(reference)}`)).body.data as {
        productSubstitutions: ProductView[];
      }
    ).productSubstitutions;

  /** An operator publishes a seller product in the test store and waits until search shows it. */
  const publish = async (referencia_1: string, manufacturer_title: string): Promise<string> => {
    const res = await who.operador.post(PRODUCTS, {
      scenario: 'create',
      storeId: store!.id,
      title: `Repuesto ${referencia_1}`,
      manufacturer_title,
      referencia_1,
      inventario: 5,
      actualPrice: 1000,
      salesModel: 1,
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    await eventually(async () => ((await who.operador.get(`${PRODUCTS}/${id}`)).status === 200 ? true : null));
    return id;
  };

  const catalogSql = <T>(sql: string, params: unknown[] = []) => catalog.em().execute<T[]>(sql, params);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule, MarketplaceModule], {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    });
    catalog = t.db('catalog');
    marketplace = t.db('marketplace');
    await seedIdentity(t.db('identity'));
    await marketplace.em().execute(
      `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile)
         values (?, ?, ?, 'COP', ?, false, ?, true, '+573001112233')`,
      [store!.id, store!.name, store!.country, store!.city, store!.pathPrefix],
    );
    await catalogSql(
      `insert into catalogs (code, catalog_id, brand, make_key, name) values ('TOYOTA00', 'toyota-00', 'TOYOTA', 'toyota', 'Toyota')`,
    );
    // An OEM number the catalogue knows (a part of a unit), for the PIES interchange.
    await catalogSql(
      `insert into parts (part_id, unit_id, platform_id, catalog_code, manufacturer, code_on_image, oem, oem_normalized, part_type, name_es, name_en, amount, shared)
       values ('p-oil', 'u-1', 'pl-1', 'TOYOTA00', 'TOYOTA', '1', '90915-YZZE1', '90915YZZE1', 'oil_filter', 'Filtro de aceite', 'Oil filter', 1, false)`,
    );
    who.guest = new TestClient(t.url);
    for (const [key, email] of [
      ['cliente', 'cliente@tuerca.demo'],
      ['asesor', 'asesor@tuerca.demo'],
      ['operador', 'operador@tuerca.demo'],
    ] as const) {
      who[key] = new TestClient(t.url);
      expect((await who[key].post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  it('replaces an OEM number’s list, and the marketplace offers the sellers’ products with type and way; an empty list takes them away', async () => {
    const res = await put(
      who.operador,
      list('04465-YZZR3', [
        { manufacturer: 'BOSCH', partNumber: '0 986 AB2 233', type: 'replacement', way: 'forward' },
        { manufacturer: 'BREMBO', partNumber: 'P 83 024', type: 'duplicate', way: 'bidirectional' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.metadata.message).toBe('Referencias cruzadas del OEM 04465-YZZR3 guardadas: 2.');
    expect(res.body.data).toMatchObject({
      oem: '04465-YZZR3',
      oemNormalized: '04465YZZR3',
      manufacturer: 'TOYOTA',
      catalogCode: 'TOYOTA00',
      partType: 'brake_pads',
    });
    expect(res.body.data.references).toEqual([
      {
        manufacturer: 'BOSCH',
        partNumber: '0 986 AB2 233',
        partNormalized: '0986AB2233',
        type: 'replacement',
        way: 'forward',
        name: 'brake_pads',
        catalogCode: 'TOYOTA00',
      },
      {
        manufacturer: 'BREMBO',
        partNumber: 'P 83 024',
        partNormalized: 'P83024',
        type: 'duplicate',
        way: 'bidirectional',
        name: 'brake_pads',
        catalogCode: 'TOYOTA00',
      },
    ]);
    // Operators and advisers read it back, by any spelling of the number.
    for (const reader of [who.operador, who.asesor]) {
      const got = await reader.get(`${XREF}?oem=04465yzzr3`);
      expect(got.status).toBe(200);
      expect(got.body.data.references.map((r: { partNormalized: string }) => r.partNormalized)).toEqual(['0986AB2233', 'P83024']);
    }
    // The event is in the catalogue's outbox, written with the rows.
    const [outbox] = await catalogSql<{ n: string }>(
      `select count(*) as n from outbox_events where type = 'CrossReferencesPublished' and aggregate_id = '04465YZZR3'`,
    );
    expect(Number(outbox!.n)).toBe(1);

    const bosch = await publish('0986AB2233', 'Bosch');
    const found = await eventually(async () => {
      const subs = await substitutesOf('04465-YZZR3');
      return subs.some((p) => p.id === bosch) ? subs : null;
    });
    expect(found.find((p) => p.id === bosch)).toMatchObject({
      substitution: true,
      substitutionItem: { reference: '0 986 AB2 233', manufacturer: 'BOSCH', type: 'replacement', way: 'forward' },
    });

    const emptied = await put(who.operador, list('04465-YZZR3', []));
    expect(emptied.status).toBe(200);
    expect(emptied.body.data.references).toEqual([]);
    expect(await catalogSql(`select 1 from cross_references where oem_normalized = '04465YZZR3'`)).toHaveLength(0);
    await eventually(async () => ((await substitutesOf('04465-YZZR3')).length === 0 ? true : null));
  });

  it('reads a PIES Item’s interchange with a known OEM number as a cross-reference of it, published in the import’s transaction', async () => {
    const xml = pies(
      piesItem(
        '3323',
        'Bosch',
        `<PartInterchange MaintenanceType="A" BrandAAIAID="TYTA" BrandLabel="Toyota"><PartNumber InterchangeQuantity="1" UOM="EA">90915-YZZE1</PartNumber></PartInterchange>
         <PartInterchange MaintenanceType="A" BrandAAIAID="BJFB" BrandLabel="Mann"><PartNumber>W 68/3</PartNumber></PartInterchange>`,
      ) +
        piesItem(
          'OC 217',
          'Mahle',
          `<PartInterchange MaintenanceType="A" BrandLabel="Toyota"><PartNumber InterchangeQuantity="2">90915YZZE1</PartNumber></PartInterchange>`,
        ),
      2,
    );
    const res = await who.operador.post('/api/catalogo/catalogV2/imports/pies', { fileName: 'interchange.xml', xml });
    expect(res.status).toBe(201);
    // One OEM number changed (the Mann number is not an OEM number of the catalogue): one event.
    expect(res.body.data).toMatchObject({ recordCount: 2, upserted: 2, crossReferencesPublished: 1 });
    const rows = await catalogSql<Record<string, string>>(
      `select oem, oem_normalized, manufacturer, catalog_code, part_type, type, way, part_manufacturer, part_formatted, part_normalized, part_name
       from cross_references where oem_normalized = '90915YZZE1' order by part_manufacturer`,
    );
    expect(rows).toEqual([
      {
        oem: '90915-YZZE1',
        oem_normalized: '90915YZZE1',
        manufacturer: 'TOYOTA',
        catalog_code: 'TOYOTA00',
        part_type: 'oil_filter',
        type: 'replacement',
        way: 'forward',
        part_manufacturer: 'BOSCH',
        part_formatted: '3323',
        part_normalized: '3323',
        part_name: 'Filtro de aceite',
      },
      expect.objectContaining({ part_manufacturer: 'MAHLE', part_normalized: 'OC217', type: 'part whole', way: 'forward' }),
    ]);
    expect(await catalogSql(`select 1 from cross_references where part_normalized = 'W683'`)).toHaveLength(0);
    const [events] = await catalogSql<{ n: string }>(
      `select count(*) as n from outbox_events where type = 'CrossReferencesPublished' and aggregate_id = '90915YZZE1'`,
    );
    expect(Number(events!.n)).toBe(1);

    const product = await publish('3323', 'Bosch');
    const subs = await eventually(async () => {
      const s = await substitutesOf('90915-YZZE1');
      return s.some((p) => p.id === product) ? s : null;
    });
    expect(subs.find((p) => p.id === product)).toMatchObject({
      substitutionItem: { manufacturer: 'BOSCH', type: 'replacement', way: 'forward' },
    });

    // The same file again changes nothing and publishes nothing; an operator's type and way are kept.
    const again = await who.operador.post('/api/catalogo/catalogV2/imports/pies', { fileName: 'interchange.xml', xml });
    expect(again.body.data.crossReferencesPublished).toBe(0);
    // A deleted interchange takes the reference away.
    const removal = pies(
      piesItem(
        'OC 217',
        'Mahle',
        `<PartInterchange MaintenanceType="D" BrandLabel="Toyota"><PartNumber>90915-YZZE1</PartNumber></PartInterchange>`,
      ),
      1,
    );
    const removed = await who.operador.post('/api/catalogo/catalogV2/imports/pies', { fileName: 'removal.xml', xml: removal });
    expect(removed.body.data.crossReferencesPublished).toBe(1);
    expect(
      (
        await catalogSql<{ part_normalized: string }>(`select part_normalized from cross_references where oem_normalized = '90915YZZE1'`)
      ).map((r) => r.part_normalized),
    ).toEqual(['3323']);
  });

  it('imports nothing, and publishes nothing, from a PIES file with a bad interchange', async () => {
    const before = await catalogSql<{ n: string }>(`select count(*) as n from outbox_events where type = 'CrossReferencesPublished'`);
    const xml = pies(
      piesItem(
        '72351',
        'Monroe',
        `<PartInterchange MaintenanceType="A" BrandLabel="Toyota"><PartNumber>90915-YZZE1</PartNumber></PartInterchange>`,
      ) +
        piesItem(
          '72352',
          'Monroe',
          `<PartInterchange MaintenanceType="A" BrandLabel="Toyota"><PartNumber InterchangeQuantity="mucho">90915-YZZE1</PartNumber></PartInterchange>`,
        ),
      2,
    );
    const res = await who.operador.post('/api/catalogo/catalogV2/imports/pies', { fileName: 'bad.xml', xml });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        path: 'Item[2] 72352',
        message: 'La cantidad de intercambio (InterchangeQuantity) "mucho" del intercambio 90915-YZZE1 no es un número válido.',
      },
    ]);
    expect(await catalogSql(`select 1 from cross_references where part_manufacturer = 'MONROE'`)).toHaveLength(0);
    const after = await catalogSql<{ n: string }>(`select count(*) as n from outbox_events where type = 'CrossReferencesPublished'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('republishes every OEM number’s list as a job, which rebuilds the marketplace’s copy after a reset', async () => {
    await put(who.operador, list('04465-YZZR3', [{ manufacturer: 'BOSCH', partNumber: '0986AB2233', type: 'synonym', way: 'backward' }]));
    await eventually(async () => ((await substitutesOf('04465-YZZR3')).length === 1 ? true : null));
    await marketplace.em().execute(`truncate cross_references`);
    expect(await substitutesOf('04465-YZZR3')).toEqual([]);

    const started = await who.operador.post(`${XREF}/republish`, { batchSize: 1 });
    expect(started.status).toBe(202);
    const jobId = started.body.data.jobId as string;
    expect(jobId).toMatch(/^republish-[0-9a-f-]{36}$/);
    const status = await eventually(async () => {
      const r = await who.operador.get(`${XREF}/republish/${jobId}`);
      return r.status === 200 && r.body.data.state === 'completed' ? r.body.data : null;
    });
    // Two OEM numbers have cross-references; batches of one.
    expect(status).toMatchObject({
      jobId,
      state: 'completed',
      progress: { oems: 2, batches: 2, lastOem: '90915YZZE1', done: true },
      failedReason: null,
    });
    const subs = await eventually(async () => {
      const s = await substitutesOf('04465-YZZR3');
      return s.length === 1 ? s : null;
    });
    expect(subs[0]).toMatchObject({ substitutionItem: { manufacturer: 'BOSCH', type: 'synonym', way: 'backward' } });
    await eventually(async () => ((await substitutesOf('90915YZZE1')).length === 1 ? true : null));

    expect((await who.operador.get(`${XREF}/republish/republish-00000000-0000-0000-0000-000000000000`)).status).toBe(404);
  });

  it('streams the republication in batches, one transaction each', async () => {
    const batches: number[] = [];
    const result = await republishCrossReferences(catalog, { batchSize: 1, onBatch: (p) => void batches.push(p.oems) });
    expect(result).toMatchObject({ oems: 2, batches: 2, done: true });
    expect(batches).toEqual([1, 2, 2]);
  });

  it('lets operators edit, advisers read, and nobody else', async () => {
    const body = list('04465-YZZR3', []);
    expect((await put(who.guest, body)).status).toBe(401);
    expect((await who.guest.get(`${XREF}?oem=04465-YZZR3`)).status).toBe(401);
    expect((await who.guest.post(`${XREF}/republish`, {})).status).toBe(401);
    expect((await put(who.cliente, body)).status).toBe(403);
    expect((await who.cliente.get(`${XREF}?oem=04465-YZZR3`)).status).toBe(403);
    expect((await who.cliente.post(`${XREF}/republish`, {})).status).toBe(403);
    expect((await put(who.asesor, body)).status).toBe(403);
    expect((await who.asesor.post(`${XREF}/republish`, {})).status).toBe(403);
  });

  it('answers bad input with 400 and Spanish texts, changing nothing', async () => {
    const ref = { manufacturer: 'BOSCH', partNumber: '0986AB2233', type: 'replacement', way: 'forward' };
    const cases: [unknown, string][] = [
      [
        list('04465-YZZR3', [{ ...ref, type: 'alterno' }]),
        'Tipo de referencia cruzada inválido: usa duplicate, replacement, part whole, tuning, synonym o code.',
      ],
      [
        list('04465-YZZR3', [{ ...ref, way: 'sideways' }]),
        'Sentido de referencia cruzada inválido: usa forward, backward o bidirectional.',
      ],
      [list('--', [ref]), 'El número OEM "--" no tiene letras ni números.'],
      [
        list('04465-YZZR3', [{ ...ref, partNumber: '04465 yzzr3' }]),
        'La referencia 04465 yzzr3 es el mismo número OEM: no puede ser su propia referencia cruzada.',
      ],
      [
        list('04465-YZZR3', [ref, { ...ref, partNumber: '0986-AB2-233' }]),
        'La referencia 0986-AB2-233 de BOSCH aparece más de una vez en la lista.',
      ],
      [{ ...list('04465-YZZR3', [ref]), catalogCode: 'NOEXISTE' }, 'No existe el catálogo NOEXISTE.'],
      [{ ...list('04465-YZZR3', [ref]), manufacturer: undefined }, 'Este campo es obligatorio'],
    ];
    for (const [body, message] of cases) {
      const res = await put(who.operador, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContain(message);
    }
    const noOem = await who.operador.get(XREF);
    expect(noOem.status).toBe(400);
    expect(noOem.body.errors).toEqual(['Indica el número OEM.']);
    expect((await who.operador.post(`${XREF}/republish`, { batchSize: 0 })).body.errors).toEqual(['Debe ser mayor o igual a 1']);
    const [{ n }] = (await catalogSql<{ n: string }>(`select count(*) as n from cross_references where oem_normalized = '04465YZZR3'`)) as [
      { n: string },
    ];
    expect(Number(n)).toBe(1);
  });

  it('refuses a PIES item that would substitute two different parts (a brake disc and an oil filter), writing nothing', async () => {
    // A brake disc the catalogue knows beside the oil filter (issue 15: a clutch part among a brake disc's substitutes).
    await catalogSql(
      `insert into parts (part_id, unit_id, platform_id, catalog_code, manufacturer, code_on_image, oem, oem_normalized, part_type, name_es, name_en, amount, shared)
       values ('p-disc', 'u-2', 'pl-1', 'TOYOTA00', 'TOYOTA', '2', '43512-0K090', '435120K090', 'front-disc', 'Disco de freno delantero', 'Front brake disc', 2, false)`,
    );
    const before = await catalogSql<{ n: string }>(`select count(*) as n from outbox_events where type = 'CrossReferencesPublished'`);
    const disc = `<PartInterchange MaintenanceType="A" BrandLabel="Toyota"><PartNumber>43512-0K090</PartNumber></PartInterchange>`;
    const oil = `<PartInterchange MaintenanceType="A" BrandLabel="Toyota"><PartNumber>90915-YZZE1</PartNumber></PartInterchange>`;
    // In one file: one item interchanging with both.
    const inFile = await who.operador.post('/api/catalogo/catalogV2/imports/pies', {
      fileName: 'mixed.xml',
      xml: pies(piesItem('09.A820.11', 'Brembo', disc + oil), 1),
    });
    expect(inFile.status).toBe(400);
    expect(inFile.body.details).toEqual([
      {
        path: 'Item[1] 09.A820.11',
        message:
          'El artículo 09.A820.11 sustituiría piezas de distintos tipos: Disco de freno delantero (43512-0K090) y Filtro de aceite (90915-YZZE1). Un sustituto es la misma pieza: revisa sus intercambios.',
      },
    ]);
    // Against the catalogue: Bosch 3323 already substitutes the oil filter.
    const withCatalogue = await who.operador.post('/api/catalogo/catalogV2/imports/pies', {
      fileName: 'mixed-2.xml',
      xml: pies(piesItem('3323', 'Bosch', disc), 1),
    });
    expect(withCatalogue.status).toBe(400);
    expect(withCatalogue.body.details[0].message).toContain('Disco de freno delantero (43512-0K090) y Filtro de aceite (90915-YZZE1)');
    expect(await catalogSql(`select 1 from cross_references where oem_normalized = '435120K090'`)).toHaveLength(0);
    const after = await catalogSql<{ n: string }>(`select count(*) as n from outbox_events where type = 'CrossReferencesPublished'`);
    expect(after[0]!.n).toBe(before[0]!.n);
    // Once the oil filter's interchange is removed in the same file, the disc's is welcome.
    const moved = await who.operador.post('/api/catalogo/catalogV2/imports/pies', {
      fileName: 'moved.xml',
      xml: pies(piesItem('3323', 'Bosch', disc + oil.replace('"A"', '"D"')), 1),
    });
    expect(moved.status).toBe(201);
    expect(
      (await catalogSql<{ oem_normalized: string }>(`select oem_normalized from cross_references where part_normalized = '3323'`)).map(
        (r) => r.oem_normalized,
      ),
    ).toEqual(['435120K090']);
  });

  it('flags, in an operator’s edit, a reference that already substitutes a part of another type', async () => {
    // Bosch 3323 substitutes the brake disc (the test above); listing it for the oil filter is flagged, and saved.
    const res = await put(
      who.operador,
      list('90915-YZZE1', [
        { manufacturer: 'BOSCH', partNumber: '3323', type: 'replacement', way: 'forward' },
        { manufacturer: 'MAHLE', partNumber: 'OC 217', type: 'replacement', way: 'forward' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.warnings).toEqual([
      'La referencia 3323 de BOSCH ya es o sustituye otra pieza: Disco de freno delantero (43512-0K090). Un sustituto es la misma pieza: revisa que lo sea.',
    ]);
    expect(res.body.data.references).toHaveLength(2);
    // An OEM number of another part type listed as a reference is flagged too.
    const being = await put(
      who.operador,
      list('90915-YZZE1', [{ manufacturer: 'TOYOTA', partNumber: '43512-0K090', type: 'replacement', way: 'forward' }]),
    );
    expect(being.body.data.warnings).toEqual([
      'La referencia 43512-0K090 de TOYOTA ya es o sustituye otra pieza: Disco de freno delantero (43512-0K090). Un sustituto es la misma pieza: revisa que lo sea.',
    ]);
    // The same part type raises nothing.
    const clean = await put(
      who.operador,
      list('90915-YZZE1', [{ manufacturer: 'MAHLE', partNumber: 'OC 217', type: 'replacement', way: 'forward' }]),
    );
    expect(clean.body.data.warnings).toEqual([]);
  });
});
