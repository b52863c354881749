import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REPLACEMENT_TYPES, REPLACEMENT_WAYS, vinCheckDigitOf } from '@tuerca/contracts';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, SearchRecorder, seedCatalog } from '@tuerca/catalog';
import { SsdCodec } from '../src/ssd.js';

const V2 = '/api/catalogo/catalogV2';
const SUBS = '/api/catalogo/catalogSubstitutions';

describe('catalogue VIN, OEM and substitutions lookup over HTTP', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let billing: ContextDatabase;
  let operator: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule], {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    });
    const db = (schema: string) => t.db(schema);
    catalog = db('catalog');
    billing = db('billing');
    await seedIdentity(db('identity'));
    await seedCatalog(catalog, { seed: 2026, scale: 1 });
    operator = await login('operador@tuerca.demo');
    // Generous allowances by default; the metering tests lower them and restore.
    await setParameter('substitutionsFreeConsultationsWhitouthLogin', 100);
    await setParameter('substitutionsFreeConsultationsWithLoginWarning', 200);
    await setParameter('substitutionsFreeConsultationsWithLogin', 100);
    guest = new TestClient(t.url);
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

  async function setParameter(name: string, value: number) {
    const res = await operator.request('PATCH', `/api/core/appParameters/${name}`, { value });
    expect(res.status).toBe(200);
  }

  async function userId(c: TestClient): Promise<string> {
    return (await c.get('/api/core/sessionControlData/0')).body.data.user.id as string;
  }

  async function consumptions(ownerId: string): Promise<number> {
    const rows = await billing.em().execute<{ n: string }[]>(`select count(*) as n from consumptions where owner_id = ?`, [ownerId]);
    return Number(rows[0]!.n);
  }

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return catalog.em().execute<T[]>(query, params);
  }

  async function events<T = Record<string, unknown>>(type: string, key: string, value: string): Promise<T[]> {
    // Search events are queued and written in batches: write what is queued before reading the outbox.
    await t.app.get(SearchRecorder).flush();
    const rows = await sql<{ payload: T }>(
      `select envelope->'payload' as payload from outbox_events where type = ? and envelope->'payload'->>${`'${key}'`} = ? order by id`,
      [type, value],
    );
    return rows.map((r) => r.payload);
  }

  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  describe('VIN and frame (spec 001 §5, §7, §8)', () => {
    it('finds a seeded VIN typed in lowercase with I/O/Q for 1/0 as an exact answer, with an ssd for its vehicle', async () => {
      const [row] = await sql<{ vin: string; vehicle_id: string; catalog_code: string }>(
        `select x.vin, x.vehicle_id, v.catalog_code from vehicle_vins x join vehicles v using (vehicle_id) where x.vin ~ '[01]' order by x.vin limit 1`,
      );
      const typed = row!.vin.replace('1', 'I').replace('0', 'Q').toLowerCase();
      expect(typed).not.toBe(row!.vin);
      const res = await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: typed, QRID: 'qr-taller-17' })}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({
          vehicleId: row!.vehicle_id,
          vehicleVIN: row!.vin,
          catalog: row!.catalog_code,
          exact: true,
          confidence: 1,
        }),
      ]);
      expect(res.body.metadata).toMatchObject({ answer: 'exact', exact: true, source: 'index', decoded: null, qrId: 'qr-taller-17' });
      expect(res.body.data[0].name.length).toBeGreaterThan(3);
      expect(t.app.get(SsdCodec).decode(res.body.data[0].ssd)).toEqual({ c: row!.catalog_code, v: row!.vehicle_id, vin: row!.vin });
      const searched = await events<{ found: boolean; resultCount: number; personKind: string; catalogCode: string; latencyMs: number }>(
        'CatalogSearched',
        'query',
        row!.vin,
      );
      expect(searched.at(-1)).toMatchObject({
        kind: 'vin',
        found: true,
        resultCount: 1,
        personKind: 'guest',
        catalogCode: row!.catalog_code,
        vinAnswer: 'exact',
        qrId: 'qr-taller-17',
      });
      expect(searched.at(-1)!.latencyMs).toBeGreaterThanOrEqual(0);
    });

    it('answers 16 characters with 400 VIN must have 17 digits and the Spanish texts', async () => {
      const res = await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: '9BWZZZ377VT00425' })}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('VIN must have 17 digits');
      expect(res.body.errors).toContain('El VIN debe contener 17 caracteres');
      const empty = await guest.get(`${V2}/vehicleByVinOrFrame`);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('VIN must have 17 digits');
    });

    it('refuses a North American VIN whose check digit is wrong, but not a non-North-American one', async () => {
      const base = '1G1ZT53826F109149';
      const good = base.slice(0, 8) + vinCheckDigitOf(base) + base.slice(9);
      const bad = good.slice(0, 8) + (good[8] === '7' ? '8' : '7') + good.slice(9);
      const refused = await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: bad })}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Invalid VIN');
      expect(refused.body.errors).toContain('El VIN no es válido');
      // Well formed: a 2006 Chevrolet Malibu (vPIC), a model the catalogue does not carry: named, not listed.
      const wellFormed = await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: good })}`);
      expect(wellFormed.status).toBe(404);
      expect(wellFormed.body.message).toBe('Vehicle not in catalog');
      const foreign = '9' + bad.slice(1);
      expect((await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: foreign })}`)).status).toBe(404);
    });

    it('answers a VIN of an unknown manufacturer 404 with the spec texts, and records it as not found', async () => {
      const vin = 'XTAGFK330JY144213';
      const res = await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: vin })}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Not found');
      expect(res.body.errors[0]).toBe(`El VIN ${vin} aún no está registrado en Tuerca`);
      expect((await events('CatalogSearched', 'query', vin)).at(-1)).toMatchObject({
        kind: 'vin',
        found: false,
        resultCount: 0,
        catalogCode: null,
        vinAnswer: 'notRegistered',
      });
    });

    it('finds a vehicle by its frame number', async () => {
      const [row] = await sql<{ frame: string; vehicle_id: string; catalog_code: string }>(
        `select x.frame, x.vehicle_id, v.catalog_code from vehicle_frames x join vehicles v using (vehicle_id) order by x.frame limit 1`,
      );
      const res = await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: ` ${row!.frame.toLowerCase()} ` })}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({ vehicleId: row!.vehicle_id, vehicleVIN: row!.frame, catalog: row!.catalog_code, exact: true }),
      ]);
      expect(res.body.metadata).toMatchObject({ answer: 'exact', source: 'frame' });
      expect(t.app.get(SsdCodec).decode(res.body.data[0].ssd)).toEqual({ c: row!.catalog_code, v: row!.vehicle_id });
      expect((await events('CatalogSearched', 'query', row!.frame)).at(-1)).toMatchObject({ kind: 'frame', found: true, resultCount: 1 });
      const unknown = await guest.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: 'ZZZ999-0000001' })}`);
      expect(unknown.status).toBe(404);
    });

    it('says whether a VIN has a catalogue, and verifies it only for a logged-in person', async () => {
      const [row] = await sql<{ vin: string; vehicle_id: string }>('select vin, vehicle_id from vehicle_vins order by vin limit 1');
      expect((await guest.get(`${V2}/VINHasCatalog?${q({ VIN: row!.vin })}`)).body).toMatchObject({ data: true });
      expect((await guest.get(`${V2}/VINHasCatalog?${q({ VIN: 'XTAGFK330JY144213' })}`)).body).toMatchObject({ data: false });
      expect((await guest.get(`${V2}/VINHasCatalog?${q({ VIN: 'ABC' })}`)).status).toBe(400);
      const denied = await guest.get(`${V2}/verifyVinInCatalogForActiveUser?${q({ VIN: row!.vin })}`);
      expect(denied.status).toBe(401);
      const c = await login('cliente@tuerca.demo');
      const res = await c.get(`${V2}/verifyVinInCatalogForActiveUser?${q({ VIN: row!.vin })}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        hasCatalog: true,
        exact: true,
        candidates: 1,
        vehicle: { vehicleId: row!.vehicle_id },
        notInCatalog: null,
      });
    });
  });

  describe('OEM drill-down (spec 001 §7, §8)', () => {
    it('goes from an OEM number to its catalogue, its vehicles and the unit it is drawn on', async () => {
      const [row] = await sql<{ oem: string; oem_normalized: string; catalog_code: string }>(
        `select p.oem, p.oem_normalized, p.catalog_code from parts p
         where p.oem ~ '[^A-Za-z0-9]' and exists (select 1 from cross_references x where x.oem_normalized = p.oem_normalized)
         order by p.part_id limit 1`,
      );
      const typed = row!.oem.toLowerCase();
      const res = await guest.get(`${V2}/findCatalogsByOem?${q({ oem: typed })}`);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.oem).toBe(row!.oem);
      expect(data.name.length).toBeGreaterThan(0);
      expect(data.catalogs).toContainEqual({ brand: expect.any(String), code: row!.catalog_code });
      expect(data.substitutions.length).toBeGreaterThan(0);
      expect(data.images[0]).toMatch(/^\/api\/catalogo\/catalogV2\/units\/[^/]+\/image\.svg$/);
      expect((await events('CatalogSearched', 'query', row!.oem_normalized)).at(-1)).toMatchObject({ kind: 'oem', found: true });

      const vehicles = await guest.get(`${V2}/findVehicleByOem?${q({ catalogCode: row!.catalog_code, oem: typed, catalogName: 'x' })}`);
      expect(vehicles.status).toBe(200);
      expect(vehicles.body.data.length).toBeGreaterThan(0);
      const v = vehicles.body.data[0];
      expect(v).toMatchObject({
        catalog: row!.catalog_code,
        brand: expect.any(String),
        name: expect.any(String),
        vehicleId: expect.any(String),
      });
      expect(v.attributes).toContainEqual({ name: 'Motor', value: expect.any(String) });
      const ssd = t.app.get(SsdCodec).decode(v.ssd);
      expect(ssd).toMatchObject({ c: row!.catalog_code, v: v.vehicleId });
      // The unit in the ssd draws the part.
      expect(await sql('select 1 from parts where unit_id = ? and oem_normalized = ?', [ssd.u, row!.oem_normalized])).toHaveLength(1);
    });

    it('answers a part missing from the chosen catalogue with substitutions and other manufacturers', async () => {
      const [row] = await sql<{ oem_normalized: string; catalog_code: string; other: string }>(
        `select p.oem_normalized, p.catalog_code, (select code from catalogs c where c.code <> p.catalog_code order by code limit 1) as other
         from parts p where exists (select 1 from cross_references x where x.oem_normalized = p.oem_normalized)
         and not exists (select 1 from parts p2 where p2.oem_normalized = p.oem_normalized and p2.catalog_code <> p.catalog_code)
         order by p.part_id limit 1`,
      );
      const res = await guest.get(`${V2}/findVehicleByOem?${q({ catalogCode: row!.other, oem: row!.oem_normalized })}`);
      expect(res.status).toBe(200);
      expect(res.body.data.otherManufacturers).toContainEqual({ brand: expect.any(String), code: row!.catalog_code });
      expect(res.body.data.substitutions.length).toBeGreaterThan(0);
      expect(res.body.metadata.messages).toContain('Pero encontramos sustituciones para otros fabricantes');
    });

    it('gives the spec texts for an empty and an unknown part number', async () => {
      const empty = await guest.get(`${V2}/findCatalogsByOem?${q({ oem: ' -/ ' })}`);
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual(['Ingresa el número de parte para buscar']);
      const unknown = await guest.get(`${V2}/findCatalogsByOem?${q({ oem: 'ZZ-000-NOPE' })}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors).toEqual(['Número de parte ZZ-000-NOPE no fue encontrado']);
      expect((await events('CatalogSearched', 'query', 'ZZ000NOPE')).at(-1)).toMatchObject({ kind: 'oem', found: false, resultCount: 0 });
      const noCatalog = await guest.get(`${V2}/findVehicleByOem?${q({ oem: 'ZZ-000-NOPE' })}`);
      expect(noCatalog.status).toBe(400);
    });
  });

  describe('substitutions (spec 000 §7, §8; 001 §4)', () => {
    function expectGroups(
      groups: { formattedOem: string; manufacturer: string; replacements: { type: string; way: string; part: Record<string, string> }[] }[],
    ) {
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        expect(g.replacements.length).toBeGreaterThan(0);
        for (const r of g.replacements) {
          expect(REPLACEMENT_TYPES).toContain(r.type);
          expect(REPLACEMENT_WAYS).toContain(r.way);
          expect(r.part).toEqual({ manufacturer: expect.any(String), formattedOem: expect.any(String), name: expect.any(String) });
        }
      }
    }

    it('finds typed, directed groups by OEM number and charges the consultation', async () => {
      const c = await login('cliente@tuerca.demo');
      const me = await userId(c);
      const [row] = await sql<{ oem: string; manufacturer: string; n: string }>(
        `select oem, manufacturer, count(*) as n from cross_references group by oem, manufacturer order by oem limit 1`,
      );
      const before = await consumptions(me);
      const res = await c.get(`${SUBS}/getSubstitutions?${q({ reference: row!.oem.toLowerCase() })}`);
      expect(res.status).toBe(200);
      expectGroups(res.body.data);
      expect(res.body.data[0]).toMatchObject({ formattedOem: row!.oem, manufacturer: row!.manufacturer });
      expect(res.body.data[0].replacements).toHaveLength(Number(row!.n));
      expect(await consumptions(me)).toBe(before + 1);
      expect((await events('CatalogSearched', 'kind', 'substitutions')).at(-1)).toMatchObject({ personKind: 'user', found: true });
    });

    it('finds groups by aftermarket number, with the original part as replacement and the way read from that end', async () => {
      const [row] = await sql<{ part_formatted: string; part_manufacturer: string; oem: string; way: string }>(
        `select part_formatted, part_manufacturer, oem, way from cross_references where way = 'forward' order by id limit 1`,
      );
      const res = await guest.get(`${SUBS}/getSubstitutions?${q({ reference: row!.part_formatted })}`);
      expect(res.status).toBe(200);
      expectGroups(res.body.data);
      const group = res.body.data.find((g: { manufacturer: string }) => g.manufacturer === row!.part_manufacturer);
      expect(group.formattedOem).toBe(row!.part_formatted);
      expect(group.replacements).toContainEqual(
        expect.objectContaining({ way: 'backward', part: expect.objectContaining({ formattedOem: row!.oem }) }),
      );
    });

    it('answers an unknown reference 404 with the spec texts and charges nothing', async () => {
      const c = await login('cliente@tuerca.demo');
      const me = await userId(c);
      const before = await consumptions(me);
      const res = await c.get(`${SUBS}/getSubstitutions?${q({ reference: 'QQ-999' })}`);
      expect(res.status).toBe(404);
      expect(res.body.errors).toEqual([
        'Nº de parte no encontrado: No tenemos registrado "QQ-999" en nuestro catálogo de autopartes originales.',
        'Revisa que esté bien escrito y vuelve a intentarlo.',
      ]);
      expect(await consumptions(me)).toBe(before);
      expect((await events('CatalogSearched', 'query', 'QQ999')).at(-1)).toMatchObject({
        kind: 'substitutions',
        found: false,
        resultCount: 0,
      });
      expect((await c.get(`${SUBS}/getSubstitutions?${q({ reference: '' })}`)).status).toBe(400);
    });

    it('forces a guest past the threshold to log in, and answers a person without consultations Exhausted', async () => {
      const refs = (await sql<{ oem: string }>('select distinct oem from cross_references order by oem limit 4')).map((r) => r.oem);
      await setParameter('substitutionsFreeConsultationsWhitouthLogin', 1);
      await setParameter('substitutionsFreeConsultationsWithLoginWarning', 2);
      await setParameter('substitutionsFreeConsultationsWithLogin', 0);
      try {
        const g = new TestClient(t.url);
        expect((await g.get(`${SUBS}/getSubstitutions?${q({ reference: refs[0]! })}`)).status).toBe(200);
        expect((await g.get(`${SUBS}/getSubstitutions?${q({ reference: refs[1]! })}`)).status).toBe(200);
        const forced = await g.get(`${SUBS}/getSubstitutions?${q({ reference: refs[2]! })}`);
        expect(forced.status).toBe(401);
        expect(forced.body.message).toBe('Login required');

        // The same substitutions are not to be had through the OEM search either.
        const viaOem = await g.get(`/api/catalogo/catalogV2/findCatalogsByOem?${q({ oem: refs[2]! })}`);
        expect(viaOem.body.data?.substitutions ?? []).toEqual([]);
        if (viaOem.status === 200) expect(viaOem.body.metadata.substitutionsDenial).toBe('Login required');

        const c = await login('nuevo@tuerca.demo');
        const exhausted = await c.get(`${SUBS}/getSubstitutions?${q({ reference: refs[3]! })}`);
        expect(exhausted.status).toBe(401);
        expect(exhausted.body.message).toBe('Exhausted substitutions inquiries');
      } finally {
        await setParameter('substitutionsFreeConsultationsWhitouthLogin', 100);
        await setParameter('substitutionsFreeConsultationsWithLoginWarning', 200);
        await setParameter('substitutionsFreeConsultationsWithLogin', 100);
      }
    });

    it('pages the groups of several references with x-total-count', async () => {
      const refs = (await sql<{ oem: string }>('select distinct oem from cross_references order by oem desc limit 3')).map((r) => r.oem);
      const filter = JSON.stringify({ references: [...refs, 'QQ-999'] });
      const res = await guest.get(`${SUBS}/getManySubstitutions?${q({ filter, page: '0', pageSize: '2' })}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(2);
      expectGroups(res.body.data);
      const total = Number(res.headers.get('x-total-count'));
      expect(total).toBeGreaterThanOrEqual(3);
      const last = await guest.get(`${SUBS}/getManySubstitutions?${q({ filter, page: '1', pageSize: '2' })}`);
      expect(last.body.data.length).toBe(Math.min(2, total - 2));
      expect((await guest.get(`${SUBS}/getManySubstitutions?${q({ filter: '{}' })}`)).status).toBe(400);
      expect((await guest.get(`${SUBS}/getManySubstitutions?${q({ filter: 'nope' })}`)).status).toBe(400);
    });
  });

  describe('answers kept in memory follow the catalogue (issue 21)', () => {
    type Body = { status: number; body: { data?: { oem?: string; name?: string; catalogs?: unknown[] } & unknown[] } };
    /** Asks until the answer satisfies `ok` (the change notification arrives after the commit, asynchronously). */
    async function until(ask: () => Promise<Body>, ok: (res: Body) => boolean): Promise<Body> {
      let res = await ask();
      for (let i = 0; i < 100 && !ok(res); i++) {
        await new Promise((r) => setTimeout(r, 50));
        res = await ask();
      }
      return res;
    }
    type Group = { formattedOem: string; manufacturer: string; replacements: { part: { formattedOem: string; name: string } }[] };
    const parts = (res: Body) =>
      ((res.body.data ?? []) as Group[]).flatMap((g) => g.replacements.map((r) => `${r.part.formattedOem} ${r.part.name}`));

    it('substitutions follow a cross-reference added, renamed and removed', async () => {
      const [row] = await sql<{ oem: string; oem_normalized: string; manufacturer: string; catalog_code: string; part_type: string }>(
        `select oem, oem_normalized, manufacturer, catalog_code, part_type from cross_references order by id desc limit 1`,
      );
      const ask = () => guest.get(`${SUBS}/getSubstitutions?${q({ reference: row!.oem })}`) as Promise<Body>;
      const before = await ask();
      expect(before.status).toBe(200);
      expect(parts(await ask())).toEqual(parts(before)); // kept: the same answer
      expect(parts(before)).not.toContain('TK-777 Tuerca de prueba');
      const aftermarket = () => guest.get(`${SUBS}/getSubstitutions?${q({ reference: 'tk777' })}`) as Promise<Body>;
      expect((await aftermarket()).status).toBe(404); // its absence is kept too

      await sql(
        `insert into cross_references (id, oem, oem_normalized, manufacturer, catalog_code, part_type, type, way, part_manufacturer, part_formatted, part_normalized, part_name)
         values ('xref-kept-1', ?, ?, ?, ?, ?, 'replacement', 'forward', 'TUERCA PARTS', 'TK-777', 'TK777', 'Tuerca de prueba')`,
        [row!.oem, row!.oem_normalized, row!.manufacturer, row!.catalog_code, row!.part_type],
      );
      try {
        const added = await until(ask, (r) => parts(r).includes('TK-777 Tuerca de prueba'));
        expect(parts(added).sort()).toEqual([...parts(before), 'TK-777 Tuerca de prueba'].sort());
        const found = await until(aftermarket, (r) => r.status === 200);
        expect(found.status).toBe(200);
        expect(parts(found)).toEqual([`${row!.oem} Tuerca de prueba`]);

        await sql(`update cross_references set part_name = 'Tuerca renombrada' where id = 'xref-kept-1'`);
        const renamed = await until(ask, (r) => parts(r).includes('TK-777 Tuerca renombrada'));
        expect(parts(renamed).sort()).toEqual([...parts(before), 'TK-777 Tuerca renombrada'].sort());
      } finally {
        await sql(`delete from cross_references where id = 'xref-kept-1'`);
      }
      const removed = await until(ask, (r) => !parts(r).some((p) => p.startsWith('TK-777')));
      expect(parts(removed)).toEqual(parts(before));
      expect((await until(aftermarket, (r) => r.status === 404)).status).toBe(404);
    });

    it('the catalogues of an OEM follow a part added, renamed and removed', async () => {
      const [cat] = await sql<{ code: string; brand: string }>(`select code, brand from catalogs order by code limit 1`);
      const ask = () => guest.get(`${V2}/findCatalogsByOem?${q({ oem: 'TK-OEM-4711', searchSubstitutions: 'false' })}`) as Promise<Body>;
      expect((await ask()).status).toBe(404);
      expect((await ask()).status).toBe(404); // kept

      await sql(
        `insert into parts (part_id, unit_id, platform_id, catalog_code, manufacturer, code_on_image, oem, oem_normalized, part_type, name_es, name_en, amount, shared)
         values ('p-kept-1', 'u-kept-1', 'pl-kept-1', ?, ?, '1', 'TK-OEM-4711', 'TKOEM4711', 'nut', 'Tuerca de rueda', 'Wheel nut', 1, false)`,
        [cat!.code, cat!.brand],
      );
      try {
        const added = await until(ask, (r) => r.status === 200);
        expect(added.status).toBe(200);
        expect(added.body.data).toMatchObject({
          oem: 'TK-OEM-4711',
          name: 'Tuerca de rueda',
          catalogs: [{ brand: cat!.brand, code: cat!.code }],
        });

        await sql(`update parts set name_es = 'Tuerca de seguridad' where part_id = 'p-kept-1'`);
        const renamed = await until(ask, (r) => r.body.data?.name === 'Tuerca de seguridad');
        expect(renamed.body.data).toMatchObject({ name: 'Tuerca de seguridad' });
      } finally {
        await sql(`delete from parts where part_id = 'p-kept-1'`);
      }
      expect((await until(ask, (r) => r.status === 404)).status).toBe(404);
    });
  });
});
