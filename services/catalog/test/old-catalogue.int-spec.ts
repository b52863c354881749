import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { SESSION_COOKIE, type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, SearchRecorder, seedCatalog } from '@tuerca/catalog';
import { carIdOf } from '../src/old-catalogue/old-catalogue.rules.js';

const OLD = '/api/catalogo/catalog';
const V2 = '/api/catalogo/catalogV2';
const LOGIN_TEXT = 'Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.';

interface Car {
  carId: string;
  catalogId: string;
  modelId: string;
  modelName: string;
  brand: string;
  name: string;
  description: string;
  parameters: { name: string; value: string }[];
}
interface Found {
  brand: string;
  catalogId: string;
  modelName: string;
  modelId: string;
  carId: string;
  criteria: string;
  exact: boolean;
}
interface PartsData {
  partGroups: { subGroupId: string; name: string; parts: { positionNumber: string; number: string | null; name: string }[] }[];
  positions: { number: string; x: number; y: number; width: number; height: number; parts: { number: string | null }[]; repeat: boolean }[];
  img: string | null;
}

describe('the old-generation catalogue over HTTP (issue 17)', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let operator: TestClient;
  let workshop: TestClient;
  let customer: TestClient;

  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const guest = () => new TestClient(t.url);
  const sql = <T>(text: string, params: unknown[] = []) => catalog.em().execute<T[]>(text, params);

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

  /** A VIN of the catalogue's own index, with its vehicle's catalogue code, in a catalogue of the given rank. */
  async function indexedVin(offset = 0) {
    const [row] = await sql<{ vin: string; vehicle_id: string; catalog_code: string }>(
      `select x.vin, x.vehicle_id, v.catalog_code from vehicle_vins x join vehicles v using (vehicle_id)
       where x.vin ~ '^[A-HJ-NPR-Z0-9]{17}$' order by x.vin limit 1 offset ?`,
      [offset],
    );
    return row!;
  }

  async function lookup(c: TestClient, vin: string): Promise<Found> {
    const res = await c.get(`${OLD}/vehicleForVinOrFrame?${q({ vinOrFrame: vin })}`);
    expect(res.status).toBe(200);
    return (res.body.data as Found[])[0]!;
  }

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule]);
    catalog = t.db('catalog');
    await seedIdentity(t.db('identity'));
    await seedCatalog(catalog, { seed: 2026, scale: 1 });
    operator = await login('operador@tuerca.demo');
    workshop = await login('taller@tuerca.demo');
    customer = await login('cliente@tuerca.demo');
    await setParameter('catalogV2FreeConsultationsWhitouthLogin', 1000);
    await setParameter('catalogV2FreeConsultationsWithLoginWarning', 2000);
    await setParameter('catalogV2FreeConsultationsWithLogin', 1000);
    await setParameter('catalogV2FreeConsultationsShowingPartNumber', 1000);
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  describe('walk: catalogs → models → cars → car → groups → subgroups → parts', () => {
    it('walks three makes down to a diagram whose positions carry the parts table’s numbers', async () => {
      const catalogs = (await guest().get(`${OLD}/catalogs`)).body.data as { catalogId: string; brand: string; code: string }[];
      expect(catalogs.length).toBeGreaterThanOrEqual(20);
      const picked = ['Chevrolet', 'Mazda', 'Renault'].map((b) => catalogs.find((c) => c.brand === b)!);
      for (const cat of picked) {
        expect(cat).toBeDefined();
        const models = await guest().get(`${OLD}/models?${q({ catalogId: cat.catalogId })}`);
        expect(models.status).toBe(200);
        const model = models.body.data[0] as { modelId: string; name: string; img: string | null; cars: number };
        expect(model).toEqual(expect.objectContaining({ modelId: expect.stringMatching(/^m/), name: expect.any(String) }));
        expect(model.img).toMatch(/^\/api\/catalogo\/catalogV2\/units\/.+\/image\.svg$/);

        const cars = await guest().get(`${OLD}/cars?${q({ catalogId: cat.catalogId, modelId: model.modelId })}`);
        expect(cars.status).toBe(200);
        expect(cars.headers.get('x-total-count')).toBe(String(model.cars));
        expect(cars.body.metadata).toEqual(expect.objectContaining({ 'x-total-count': model.cars, page: 0, pageSize: 25 }));
        const car = cars.body.data[0] as Car;
        expect(car).toEqual(
          expect.objectContaining({ brand: cat.brand, modelId: model.modelId, modelName: model.name, catalogId: cat.catalogId }),
        );
        expect(car.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Año' })]));

        const one = await guest().get(`${OLD}/car?${q({ catalogId: cat.catalogId, carId: car.carId })}`);
        expect(one.body.data).toEqual(car);

        const groups = await workshop.get(`${OLD}/groups?${q({ catalogId: cat.catalogId, carId: car.carId })}`);
        expect(groups.status).toBe(200);
        expect(groups.body.metadata).toEqual(expect.objectContaining({ canShowPartNumbers: true, searchesPerformed: expect.any(Number) }));
        const group = groups.body.data[0] as { id: string; name: string };
        expect(group.name.length).toBeGreaterThan(0);

        const batch = await workshop.get(
          `${OLD}/subGroupsBatch?${q({ catalogId: cat.catalogId, carId: car.carId, groupId: groups.body.data.map((g: { id: string }) => g.id).join(','), catalogParams: `c=${cat.brand}` })}`,
        );
        expect(batch.status).toBe(200);
        expect(batch.body.data).toHaveLength(groups.body.data.length);
        const sub = batch.body.data[0].subGroups[0] as { id: string; img: string; name: string };
        expect(sub.img).toBe(`/api/catalogo/catalogV2/units/${encodeURIComponent(sub.id)}/image.svg`);
        expect((await guest().get(sub.img)).status).toBe(200);

        const parts = await workshop.get(`${OLD}/parts?${q({ catalogId: cat.catalogId, carId: car.carId, subGroupId: sub.id })}`);
        expect(parts.status).toBe(200);
        const data = parts.body.data as PartsData;
        expect(data.img).toBe(sub.img);
        expect(data.partGroups).toHaveLength(1);
        expect(data.partGroups[0]!.parts.length).toBeGreaterThan(0);
        const numbers = new Set(data.partGroups[0]!.parts.map((p) => p.positionNumber));
        expect(data.positions.length).toBeGreaterThan(0);
        for (const p of data.positions) {
          expect(numbers.has(p.number)).toBe(true);
          expect(p.width).toBeGreaterThan(0);
          expect(p.height).toBeGreaterThan(0);
          expect(p.parts.length).toBeGreaterThan(0);
        }
        // repeat: only a number already drawn by an earlier box.
        const seen = new Set<string>();
        for (const p of data.positions) {
          expect(p.repeat).toBe(seen.has(p.number));
          seen.add(p.number);
        }

        // A whole group: one part group per diagram, no single image.
        const whole = await workshop.get(`${OLD}/parts?${q({ catalogId: cat.catalogId, carId: car.carId, groupId: group.id })}`);
        expect(whole.status).toBe(200);
        expect(whole.body.data.img).toBeNull();
        expect(whole.body.data.partGroups.length).toBe(batch.body.data[0].subGroups.length);
      }
    });

    it('names in English for en_US, in Portuguese for pt_PT, and falls back to Spanish for the others', async () => {
      const found = await lookup(workshop, (await indexedVin()).vin);
      const names = async (language: string) =>
        (await workshop.get(`${OLD}/groups?${q({ catalogId: found.catalogId, carId: found.carId, language })}`)).body.data.map(
          (g: { name: string }) => g.name,
        );
      const es = await names('es_ES');
      expect(await names('en_US')).not.toEqual(es);
      expect(await names('fr_FR')).toEqual(es);
      const pt = await names('pt_PT');
      expect(pt).toHaveLength(es.length);
      expect(pt).toContain('Travões');
      expect(pt).not.toContain('Frenos');
      expect((await workshop.get(`${OLD}/catalogs?language=xx_XX`)).status).toBe(400);
    });

    it('answers 404 in Spanish for unknown catalogues, models, cars, groups and subgroups, 400 for bad input', async () => {
      const found = await lookup(workshop, (await indexedVin()).vin);
      const base = { catalogId: found.catalogId, carId: found.carId };
      const cases: [string, string][] = [
        [`${OLD}/models?${q({ catalogId: 'nope' })}`, 'El catálogo no existe.'],
        [`${OLD}/cars?${q({ catalogId: found.catalogId, modelId: 'm000' })}`, 'El modelo no existe en este catálogo.'],
        [`${OLD}/car?${q({ catalogId: found.catalogId, carId: 'c000' })}`, 'El vehículo no existe en este catálogo.'],
        [`${OLD}/subGroupsBatch?${q({ ...base, groupId: 'nope' })}`, 'El grupo no existe para este vehículo.'],
        [`${OLD}/parts?${q({ ...base, subGroupId: 'nope' })}`, 'El subgrupo no existe para este vehículo.'],
      ];
      for (const [url, text] of cases) {
        const res = await workshop.get(url);
        expect(res.status).toBe(404);
        expect(res.body.errors).toEqual([text]);
      }
      expect((await workshop.get(`${OLD}/parts?${q(base)}`)).status).toBe(400);
      expect((await workshop.get(`${OLD}/cars?${q({ catalogId: found.catalogId, modelId: found.modelId, page: '-1' })}`)).status).toBe(400);
      const bad = await workshop.get(`${OLD}/cars?${q({ catalogId: found.catalogId, modelId: found.modelId, parameter: 'anio=x' })}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors.join(' ')).toContain('Valor inválido');
      expect((await workshop.get(`${OLD}/vehicleForVinOrFrame?vinOrFrame=123`)).status).toBe(400);
    });
  });

  describe('car ids derived from the vehicle’s identity', () => {
    it('gives every vehicle of the catalogue its own car id', async () => {
      const rows = await sql<{ catalog_code: string; name: string; market: string }>('select catalog_code, name, market from vehicles');
      const ids = new Set(rows.map((r) => carIdOf({ catalog: r.catalog_code, name: r.name, market: r.market })));
      expect(ids.size).toBe(rows.length);
    });

    it('keeps a car’s id when a re-import gives its vehicle new ids', async () => {
      const row = await indexedVin(3);
      const found = await lookup(guest(), row.vin);
      const [v] = await sql<{ name: string; market: string }>('select name, market from vehicles where vehicle_id = ?', [row.vehicle_id]);
      expect(found.carId).toBe(carIdOf({ catalog: row.catalog_code, name: v!.name, market: v!.market }));
      const renamed = `${row.vehicle_id}-reimported`;
      await sql('update vehicles set vehicle_id = ? where vehicle_id = ?', [renamed, row.vehicle_id]);
      await sql('update vehicle_vins set vehicle_id = ? where vehicle_id = ?', [renamed, row.vehicle_id]);
      try {
        const again = await guest().get(`${OLD}/car?${q({ catalogId: found.catalogId, carId: found.carId })}`);
        expect(again.status).toBe(200);
        expect(again.body.data.carId).toBe(found.carId);
        expect((await lookup(guest(), row.vin)).carId).toBe(found.carId);
      } finally {
        await sql('update vehicles set vehicle_id = ? where vehicle_id = ?', [row.vehicle_id, renamed]);
        await sql('update vehicle_vins set vehicle_id = ? where vehicle_id = ?', [row.vehicle_id, renamed]);
      }
    });
  });

  describe('paging and filters above 25 cars', () => {
    let catalogId: string;
    let modelId: string;
    let total: number;
    const added: string[] = [];

    beforeAll(async () => {
      // One model grown past a page: 30 more generations of an existing vehicle (same platform, same model).
      const row = await indexedVin(5);
      const [v] = await sql<{
        vehicle_id: string;
        platform_id: string;
        catalog_code: string;
        brand: string;
        name: string;
        market: string;
        attributes: { name: string; value: string }[];
      }>('select vehicle_id, platform_id, catalog_code, brand, name, market, attributes from vehicles where vehicle_id = ?', [
        row.vehicle_id,
      ]);
      for (let i = 0; i < 30; i++) {
        const from = 1950 + i;
        const id = `old-catalogue-test-${i}`;
        added.push(id);
        const attributes = v!.attributes.map((a) => (a.name === 'Año' ? { name: 'Año', value: `${from}-${from + 1}` } : a));
        await sql(
          `insert into vehicles (vehicle_id, platform_id, catalog_code, brand, name, year_from, year_to, market, attributes)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
          [
            id,
            v!.platform_id,
            v!.catalog_code,
            v!.brand,
            v!.name.replace(/\(\d{4}-\d{4}\)/, `(${from}-${from + 1})`),
            from,
            from + 1,
            v!.market,
            JSON.stringify(attributes),
          ],
        );
      }
      const found = await lookup(guest(), row.vin);
      catalogId = found.catalogId;
      modelId = found.modelId;
    });

    afterAll(async () => {
      await sql(`delete from vehicles where vehicle_id like 'old-catalogue-test-%'`);
    });

    it('answers 25 cars a page, zero-based, with the total in x-total-count', async () => {
      const first = await guest().get(`${OLD}/cars?${q({ catalogId, modelId })}`);
      total = Number(first.headers.get('x-total-count'));
      expect(total).toBeGreaterThan(30);
      expect(first.body.data).toHaveLength(25);
      const second = await guest().get(`${OLD}/cars?${q({ catalogId, modelId, page: '1' })}`);
      expect(second.body.data).toHaveLength(Math.min(25, total - 25));
      expect(second.body.metadata).toEqual(expect.objectContaining({ page: 1, pageSize: 25, total, 'x-total-count': total }));
      const ids = new Set([...first.body.data, ...second.body.data].map((c: Car) => c.carId));
      expect(ids.size).toBe(first.body.data.length + second.body.data.length);
      const past = await guest().get(`${OLD}/cars?${q({ catalogId, modelId, page: '99' })}`);
      expect(past.body.data).toEqual([]);
      expect(past.headers.get('x-total-count')).toBe(String(total));
    });

    it('gives filters with values by idx, and cars filtered by &{filterKey}={idx}', async () => {
      const res = await guest().get(`${OLD}/filters?${q({ catalogId, modelId })}`);
      expect(res.status).toBe(200);
      const year = (res.body.data as { key: string; name: string; values: { idx: number; value: string }[] }[]).find(
        (f) => f.key === 'anio',
      )!;
      expect(year.name).toBe('Año');
      expect(year.values.length).toBeGreaterThan(30);
      expect(year.values.map((v) => v.idx)).toEqual(year.values.map((_, i) => i));
      const chosen = year.values.find((v) => v.value === '1960-1961')!;
      const cars = await guest().get(`${OLD}/cars?${q({ catalogId, modelId, parameter: `anio=${chosen.idx}` })}`);
      expect(cars.headers.get('x-total-count')).toBe('1');
      expect(cars.body.data[0].parameters).toEqual(expect.arrayContaining([{ name: 'Año', value: '1960-1961' }]));
      const selected = await guest().get(`${OLD}/filters?${q({ catalogId, modelId, parameter: `anio=${chosen.idx}` })}`);
      expect(selected.body.data.find((f: { key: string }) => f.key === 'anio').selected).toBe(chosen.idx);
      // A key or idx that names nothing matches no car, never all of them.
      const unknown = await guest().get(`${OLD}/cars?${q({ catalogId, modelId, parameter: 'nada=0' })}`);
      expect(unknown.headers.get('x-total-count')).toBe('0');
      const outOfRange = await guest().get(`${OLD}/cars?${q({ catalogId, modelId, parameter: 'anio=999' })}`);
      expect(outOfRange.headers.get('x-total-count')).toBe('0');
    });
  });

  describe('login: the q+criteria bypass for groups, and parts for logged-in people only', () => {
    it('serves a guest the groups and subgroups of the car a VIN search opened, with its criteria', async () => {
      const found = await lookup(guest(), (await indexedVin(7)).vin);
      expect(found.exact).toBe(true);
      const c = guest();
      const groups = await c.get(`${OLD}/groups?${q({ catalogId: found.catalogId, carId: found.carId, criteria: found.criteria })}`);
      expect(groups.status).toBe(200);
      const batch = await c.get(
        `${OLD}/subGroupsBatch?${q({ catalogId: found.catalogId, carId: found.carId, groupId: groups.body.data[0].id, criteria: found.criteria })}`,
      );
      expect(batch.status).toBe(200);
      // Parts always need a session, criteria or not.
      const parts = await c.get(
        `${OLD}/parts?${q({ catalogId: found.catalogId, carId: found.carId, subGroupId: batch.body.data[0].subGroups[0].id, criteria: found.criteria })}`,
      );
      expect(parts.status).toBe(401);
    });

    it('refuses a guest without criteria, with another car’s, a forged one or a version 2 ssd', async () => {
      const found = await lookup(guest(), (await indexedVin(7)).vin);
      const other = await lookup(guest(), (await indexedVin(40)).vin);
      expect(other.carId).not.toBe(found.carId);
      const v2 = (await guest().get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: (await indexedVin(7)).vin })}`)).body.data[0]
        .ssd as string;
      for (const criteria of [undefined, other.criteria, `${found.criteria.slice(0, -4)}AAAA`, v2]) {
        const res = await guest().get(
          `${OLD}/groups?${q({ catalogId: found.catalogId, carId: found.carId, ...(criteria ? { criteria } : {}) })}`,
        );
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Login required');
        expect(res.body.errors).toEqual([LOGIN_TEXT]);
      }
      const batch = await guest().get(`${OLD}/subGroupsBatch?${q({ catalogId: found.catalogId, carId: found.carId, groupId: 'x' })}`);
      expect(batch.status).toBe(401);
    });
  });

  describe('metering shared with version 2 (one consultation per vehicle, 12-hour window)', () => {
    afterAll(async () => {
      await setParameter('catalogV2FreeConsultationsWithLogin', 1000);
      await setParameter('catalogV2FreeConsultationsShowingPartNumber', 1000);
    });

    it('counts a vehicle once across generations and refuses the next one in both', async () => {
      await setParameter('catalogV2FreeConsultationsWithLogin', 1);
      const c = await login('nuevo@tuerca.demo');
      const [a, b] = [await indexedVin(11), await indexedVin(60)];
      expect(a.vehicle_id).not.toBe(b.vehicle_id);
      const oldA = await lookup(c, a.vin);
      const first = await c.get(`${OLD}/groups?${q({ catalogId: oldA.catalogId, carId: oldA.carId })}`);
      expect(first.status).toBe(200);
      const performed = first.body.metadata.searchesPerformed as number;
      // The same vehicle in version 2: inside its window, free.
      const v2A = (await c.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: a.vin })}`)).body.data[0];
      const v2Groups = await c.get(`${V2}/groups?${q({ catalogCode: v2A.catalog, vehicleId: v2A.vehicleId, ssd: v2A.ssd })}`);
      expect(v2Groups.status).toBe(200);
      expect(v2Groups.body.metadata.searchesPerformed).toBe(performed);
      // Another vehicle: exhausted in version 2 and in the old generation alike.
      const v2B = (await c.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: b.vin })}`)).body.data[0];
      const deniedV2 = await c.get(`${V2}/groups?${q({ catalogCode: v2B.catalog, vehicleId: v2B.vehicleId, ssd: v2B.ssd })}`);
      expect(deniedV2.status).toBe(401);
      expect(deniedV2.body.message).toBe('Exhausted catalog inquiries');
      const oldB = await lookup(c, b.vin);
      const deniedOld = await c.get(`${OLD}/groups?${q({ catalogId: oldB.catalogId, carId: oldB.carId })}`);
      expect(deniedOld.status).toBe(401);
      expect(deniedOld.body.message).toBe('Exhausted catalog inquiries');
    });

    it('hides part numbers past the showing threshold, as version 2 does', async () => {
      await setParameter('catalogV2FreeConsultationsWithLogin', 1000);
      await setParameter('catalogV2FreeConsultationsShowingPartNumber', 0);
      const found = await lookup(customer, (await indexedVin(13)).vin);
      const groups = await customer.get(`${OLD}/groups?${q({ catalogId: found.catalogId, carId: found.carId })}`);
      const parts = await customer.get(
        `${OLD}/parts?${q({ catalogId: found.catalogId, carId: found.carId, groupId: groups.body.data[0].id })}`,
      );
      expect(parts.status).toBe(200);
      expect(parts.body.metadata.canShowPartNumbers).toBe(false);
      const numbers = (parts.body.data as PartsData).partGroups.flatMap((g) => g.parts.map((p) => p.number));
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers.every((n) => n === null)).toBe(true);
    });
  });

  describe('the two generations agree', () => {
    it('gives the same vehicle’s parts and positions through both', async () => {
      const row = await indexedVin(17);
      const found = await lookup(workshop, row.vin);
      const v2 = (await workshop.get(`${V2}/vehicleByVinOrFrame?${q({ vinOrFrame: row.vin })}`)).body.data[0];
      const v2Groups = await workshop.get(`${V2}/groups?${q({ catalogCode: v2.catalog, vehicleId: v2.vehicleId, ssd: v2.ssd })}`);
      const units = v2Groups.body.data.units as { unitId: string; ssd: string }[];
      const groups = await workshop.get(`${OLD}/groups?${q({ catalogId: found.catalogId, carId: found.carId })}`);
      const batch = await workshop.get(
        `${OLD}/subGroupsBatch?${q({ catalogId: found.catalogId, carId: found.carId, groupId: groups.body.data.map((g: { id: string }) => g.id).join(',') })}`,
      );
      const subGroupIds = (batch.body.data as { subGroups: { id: string }[] }[]).flatMap((g) => g.subGroups.map((s) => s.id));
      expect(new Set(subGroupIds)).toEqual(new Set(units.map((u) => u.unitId)));
      for (const unit of units.slice(0, 4)) {
        const a = await workshop.get(
          `${V2}/parts?${q({ catalogCode: v2.catalog, vehicleId: v2.vehicleId, unitId: unit.unitId, ssd: unit.ssd })}`,
        );
        const b = await workshop.get(`${OLD}/parts?${q({ catalogId: found.catalogId, carId: found.carId, subGroupId: unit.unitId })}`);
        expect(a.status).toBe(200);
        expect(b.status).toBe(200);
        const v2Parts = (a.body.data.parts as { codeOnImage: string; oem: string; name: string }[]).map((p) => [
          p.codeOnImage,
          p.oem,
          p.name,
        ]);
        const oldParts = (b.body.data as PartsData).partGroups[0]!.parts.map((p) => [p.positionNumber, p.number, p.name]);
        expect(oldParts).toEqual(v2Parts);
        const boxes = (a.body.data.imageMap as { code: string; x1: number; y1: number; x2: number; y2: number }[]).map((m) => [
          m.code,
          m.x1,
          m.y1,
          m.x2 - m.x1,
          m.y2 - m.y1,
        ]);
        const positions = (b.body.data as PartsData).positions.map((p) => [p.number, p.x, p.y, p.width, p.height]);
        expect(positions).toEqual(boxes);
        expect(b.body.data.img).toBe(a.body.data.unitInfo.largeImageUrl);
      }
    });
  });

  describe('vehicleForVinOrFrame', () => {
    it('answers brand, catalogId, modelName, modelId, carId and criteria, and records the search with its generation', async () => {
      const row = await indexedVin(21);
      const found = await lookup(guest(), row.vin);
      const car = await guest().get(`${OLD}/car?${q({ catalogId: found.catalogId, carId: found.carId })}`);
      expect(car.body.data).toEqual(expect.objectContaining({ modelId: found.modelId, modelName: found.modelName, brand: found.brand }));
      const cars = await guest().get(`${OLD}/cars?${q({ catalogId: found.catalogId, modelId: found.modelId })}`);
      expect(cars.body.data.map((c: Car) => c.carId)).toContain(found.carId);
      await t.app.get(SearchRecorder).flush();
      const events = await sql<{ envelope: { payload: { generation?: string; query: string; found: boolean } } }>(
        `select envelope from outbox_events where type = 'CatalogSearched' order by id desc limit 1`,
      );
      expect(events[0]!.envelope.payload).toEqual(expect.objectContaining({ generation: 'old', query: row.vin, found: true }));
      const missing = await guest().get(`${OLD}/vehicleForVinOrFrame?${q({ vinOrFrame: '9GAZZZ99999999999' })}`);
      expect(missing.status).toBe(404);
    });
  });

  describe('exportExcel', () => {
    it('is a real .xlsx of the group’s parts for a workshop, 401 for guests and 403 without downloadPartsCatalog', async () => {
      const found = await lookup(workshop, (await indexedVin(25)).vin);
      const groups = await workshop.get(`${OLD}/groups?${q({ catalogId: found.catalogId, carId: found.carId })}`);
      const group = groups.body.data[0] as { id: string; name: string };
      const params = q({
        catalogId: found.catalogId,
        carId: found.carId,
        groupId: group.id,
        groupName: group.name,
        criteria: found.criteria,
        isDetail: 'true',
      });
      const anonymous = await guest().get(`${OLD}/exportExcel?${params}`);
      expect(anonymous.status).toBe(401);
      const plain = await customer.get(`${OLD}/exportExcel?${params}`);
      expect(plain.status).toBe(403);
      expect(plain.body.message).toBe('Premium feature');
      expect(plain.body.errors).toEqual(['Contáctanos para obtener más información de esta funcionalidad premium.']);

      const res = await fetch(`${t.url}${OLD}/exportExcel?${params}`, {
        headers: { cookie: `${SESSION_COOKIE}=${workshop.cookie(SESSION_COOKIE)}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.xlsx"/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0]!;
      const cells: string[] = [];
      sheet.eachRow((r) => cells.push(r.values ? JSON.stringify(r.values) : ''));
      expect(cells.join('\n')).toContain(group.name);
      const parts = await workshop.get(`${OLD}/parts?${q({ catalogId: found.catalogId, carId: found.carId, groupId: group.id })}`);
      const oems = (parts.body.data as PartsData).partGroups.flatMap((g) => g.parts.map((p) => p.number!));
      expect(sheet.rowCount).toBe(7 + oems.length);
      for (const oem of oems.slice(0, 5)) expect(cells.join('\n')).toContain(oem);
    });
  });
});
