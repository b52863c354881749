import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, seedCatalog } from '@tuerca/catalog';
import { SsdCodec } from '../src/ssd.js';

const V2 = '/api/catalogo/catalogV2';
const MIN_SEARCH = 'La búsqueda debe contener mínimo 3 caracteres.';

interface Vehicle {
  vehicleId: string;
  ssd: string;
  name: string;
  attributes: { name: string; value: string }[];
}
interface Unit {
  unitId: string;
  ssd: string;
  imageUrl: string;
  largeImageUrl?: string;
  name: string;
}
interface QuickGroup {
  quickGroupId: string;
  name: string;
  childGroups: QuickGroup[];
}

describe('catalogue version 2 browsing over HTTP', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let billing: ContextDatabase;
  let operator: TestClient;
  let catalogCode: string;
  let vehicle: Vehicle;
  let unit: Unit;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule]);
    const db = (schema: string) => t.db(schema);
    catalog = db('catalog');
    billing = db('billing');
    await seedIdentity(db('identity'));
    await seedCatalog(catalog, { seed: 2026, scale: 1 });
    operator = await login('operador@tuerca.demo');
    await setParameter('catalogV2FreeConsultationsWhitouthLogin', 1000);
    await setParameter('catalogV2FreeConsultationsWithLoginWarning', 2000);
    await setParameter('catalogV2FreeConsultationsShowingPartNumber', 1000);
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

  const guest = () => new TestClient(t.url);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const groups = (c: TestClient, v: Vehicle, extra: Record<string, string> = {}) =>
    c.get(`${V2}/groups?${q({ catalogCode, vehicleId: v.vehicleId, ssd: v.ssd, ...extra })}`);

  describe('walk: catalogs → models → vehicles → groups → parts', () => {
    it('lists the catalogues with their features and opens one', async () => {
      const res = await guest().get(`${V2}/catalogs`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThanOrEqual(20);
      const withQuick = res.body.data.find((c: { features: { name: string }[] }) => c.features.some((f) => f.name === 'quickgroups'));
      expect(withQuick.features.map((f: { name: string }) => f.name)).toContain('detailapplicability');
      catalogCode = withQuick.code;
      const one = await guest().get(`${V2}/getCatalog?${q({ catalogCode, language: 'en_US' })}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(withQuick);
    });

    it('answers 404 with a Spanish text for an unknown catalogue and 400 for an unknown language', async () => {
      const res = await guest().get(`${V2}/getCatalog?catalogCode=NOPE`);
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toMatch(/catálogo NOPE no existe/);
      expect((await guest().get(`${V2}/catalogs?language=xx_XX`)).status).toBe(400);
      expect((await guest().get(`${V2}/catalogs?language=uk_UA`)).status).toBe(200);
    });

    it('lists models as option lists whose key narrows the vehicles, with filters whose options apply them', async () => {
      const models = await guest().get(`${V2}/models?${q({ catalogCode })}`);
      expect(models.status).toBe(200);
      expect(models.body.data.catalog).toBe(catalogCode);
      const [list] = models.body.data.models;
      expect(list.name).toBe('Modelo');
      expect(list.options.length).toBeGreaterThan(1);
      const model = list.options[0];

      const all = await guest().get(`${V2}/vehicles?${q({ catalogCode })}`);
      const narrowed = await guest().get(`${V2}/vehicles?${q({ catalogCode, ssd: model.key })}`);
      expect(narrowed.status).toBe(200);
      expect(narrowed.body.data.vehicles.length).toBeGreaterThan(0);
      expect(narrowed.body.data.vehicles.length).toBeLessThan(all.body.data.vehicles.length);
      for (const v of narrowed.body.data.vehicles) expect(v.name.startsWith(model.value)).toBe(true);
      const filters = narrowed.body.data.filters as {
        name: string;
        key: string;
        value: string | null;
        ssd: string;
        automatic: boolean;
        options: { key: string; value: string }[];
      }[];
      expect(filters.map((f) => f.name)).toEqual(expect.arrayContaining(['Modelo', 'Año', 'Motor', 'Transmisión']));
      expect(filters.find((f) => f.key === 'Modelo')!.value).toBe(model.value);

      const year = filters.find((f) => f.key === 'Año')!;
      expect(year.value).toBeNull();
      const option = year.options[0]!;
      const byYear = await guest().get(`${V2}/vehicles?${q({ catalogCode, ssd: option.key })}`);
      expect(byYear.body.data.vehicles.length).toBeGreaterThan(0);
      for (const v of byYear.body.data.vehicles as Vehicle[]) expect(v.attributes.find((a) => a.name === 'Año')!.value).toBe(option.value);
      const yearFilter = byYear.body.data.filters.find((f: { key: string }) => f.key === 'Año');
      expect(yearFilter.value).toBe(option.value);
      // The filter's own ssd takes it off again.
      const cleared = await guest().get(`${V2}/vehicles?${q({ catalogCode, ssd: yearFilter.ssd })}`);
      expect(cleared.body.data.vehicles.length).toBe(narrowed.body.data.vehicles.length);
      vehicle = byYear.body.data.vehicles[0];
    });

    it('marks the filters a VIN sets as automatic', async () => {
      const [row] = await catalog
        .em()
        .execute<{ vin: string }[]>('select vin from vehicle_vins where vehicle_id = ? limit 1', [vehicle.vehicleId]);
      const ssd = t.app.get(SsdCodec).encode({ c: catalogCode, v: vehicle.vehicleId, vin: row!.vin });
      const res = await guest().get(`${V2}/vehicles?${q({ catalogCode, ssd })}`);
      expect(res.status).toBe(200);
      const automatic = res.body.data.filters.filter((f: { automatic: boolean }) => f.automatic).map((f: { key: string }) => f.key);
      expect(automatic).toEqual(['Modelo', 'Año', 'Motor']);
      const found = res.body.data.vehicles.find((v: Vehicle) => v.vehicleId === vehicle.vehicleId);
      expect(found.vehicleVIN).toBe(row!.vin);
    });

    it('gives the categories tree and the units of the vehicle, narrowed by cid and loadOnlyUnits', async () => {
      const res = await groups(guest(), vehicle);
      expect(res.status).toBe(200);
      const { categories, units } = res.body.data;
      expect(categories.length).toBeGreaterThan(0);
      expect(units.length).toBeGreaterThan(0);
      expect(res.body.data.vehicle.vehicleId).toBe(vehicle.vehicleId);
      expect(res.body.metadata).toEqual(expect.objectContaining({ searchesPerformed: expect.any(Number), loginPrompt: 'none' }));
      expect(res.body.metadata.consultationsAvailable).toEqual(expect.objectContaining({ amount: expect.any(Number) }));
      const cid = categories[0].childrens[0]?.categoryId ?? categories[0].categoryId;
      const only = await groups(guest(), vehicle, { cid, loadOnlyUnits: '1' });
      expect(only.status).toBe(200);
      expect(only.body.data.categories).toBeUndefined();
      expect(only.body.data.units.length).toBeGreaterThan(0);
      expect(only.body.data.units.length).toBeLessThan(units.length);
      unit = only.body.data.units[0];
      expect(unit.imageUrl).toBe(`${V2}/units/${unit.unitId}/image.svg`);
      // In another language the answer links the drawing in that language (its names and title block).
      const pt = await groups(guest(), vehicle, { cid, loadOnlyUnits: '1', language: 'pt_PT' });
      expect(pt.body.data.units[0].imageUrl).toBe(`${V2}/units/${unit.unitId}/image.svg?language=pt_PT`);
      expect((await groups(guest(), vehicle, { cid: 'nope' })).status).toBe(404);
    });

    it('gives a unit’s parts whose codes match the image map, with the amount attribute', async () => {
      const res = await guest().get(`${V2}/parts?${q({ catalogCode, vehicleId: vehicle.vehicleId, unitId: unit.unitId, ssd: unit.ssd })}`);
      expect(res.status).toBe(200);
      const { unitInfo, imageMap, parts } = res.body.data;
      expect(unitInfo.name).toBe(unit.name);
      expect(unitInfo.largeImageUrl).toBe(unit.imageUrl);
      expect(imageMap.length).toBeGreaterThan(0);
      const codes = new Set(parts.map((p: { codeOnImage: string }) => p.codeOnImage));
      for (const box of imageMap) expect(codes.has(box.code)).toBe(true);
      for (const p of parts) {
        expect(p.oem).toEqual(expect.any(String));
        expect(Number(p.attributes.find((a: { name: string }) => a.name === 'amount').value)).toBeGreaterThanOrEqual(1);
        expect(p.match).toBe(false);
      }
    });

    it('serves the unit’s SVG diagram at its imageUrl', async () => {
      const res = await guest().get(unit.imageUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(String(res.body)).toMatch(/^<svg|<\?xml/);
      expect((await guest().get(`${V2}/units/nope/image.svg`)).status).toBe(404);
    });

    it('names in English for en_US and falls back to Spanish for fr_FR', async () => {
      const [row] = await catalog
        .em()
        .execute<{ name_es: string; name_en: string }[]>('select name_es, name_en from units where unit_id = ?', [unit.unitId]);
      expect(row!.name_en).not.toBe(row!.name_es);
      const c = guest();
      const params = { catalogCode, vehicleId: vehicle.vehicleId, unitId: unit.unitId, ssd: unit.ssd };
      const en = await c.get(`${V2}/parts?${q({ ...params, language: 'en_US' })}`);
      const fr = await c.get(`${V2}/parts?${q({ ...params, language: 'fr_FR' })}`);
      const es = await c.get(`${V2}/parts?${q(params)}`);
      expect(en.body.data.unitInfo.name).toBe(row!.name_en);
      expect(fr.body.data.unitInfo.name).toBe(row!.name_es);
      expect(es.body.data.unitInfo.name).toBe(row!.name_es);
      expect(en.body.data.parts[0].name).not.toBe(es.body.data.parts[0].name);
      expect(fr.body.data.parts[0].name).toBe(es.body.data.parts[0].name);
      // The answer says when names are in Spanish for want of a translation.
      expect(fr.body.metadata).toMatchObject({ language: 'fr_FR', languageFallback: true });
      expect(en.body.metadata).toMatchObject({ language: 'en_US', languageFallback: false });
      expect(es.body.metadata).toMatchObject({ language: 'es_ES', languageFallback: false });
    });

    it('names in European Portuguese for pt_PT, from the translations table, and marks a missing one', async () => {
      const c = guest();
      const params = { catalogCode, vehicleId: vehicle.vehicleId, ssd: vehicle.ssd, language: 'pt_PT' };
      const pt = await c.get(`${V2}/groups?${q(params)}`);
      expect(pt.status).toBe(200);
      const names = (pt.body.data.categories as { name: string }[]).map((x) => x.name);
      expect(names).toContain('Travões');
      expect(names).not.toContain('Frenos');
      expect(pt.body.metadata).toMatchObject({ language: 'pt_PT', languageFallback: false });
      const disc = await c.get(`${V2}/findPartInVehicle?${q({ ...params, oemOrName: 'disco de freno' })}`);
      const partNames = (disc.body.data.categories as { units: { parts: { name: string }[] }[] }[]).flatMap((x) =>
        x.units.flatMap((u) => u.parts.map((p) => p.name)),
      );
      expect(partNames).toContain('Disco de travão dianteiro');
      // A name the table does not have is shown in Spanish, and the answer says so.
      await catalog.em().execute(`delete from name_translations where language = 'pt_PT' and name_es = 'Frenos'`);
      try {
        const partly = await c.get(`${V2}/groups?${q(params)}`);
        expect((partly.body.data.categories as { name: string }[]).map((x) => x.name)).toContain('Frenos');
        expect(partly.body.metadata.languageFallback).toBe(true);
      } finally {
        await catalog.em().execute(`insert into name_translations (language, name_es, name) values ('pt_PT', 'Frenos', 'Travões')`);
      }
    });

    it('gives quick groups up to four levels and the detail of one', async () => {
      const c = guest();
      const res = await c.get(`${V2}/quickGroups?${q({ catalogCode, vehicleId: vehicle.vehicleId, ssd: vehicle.ssd })}`);
      expect(res.status).toBe(200);
      const depth = (g: QuickGroup): number => 1 + Math.max(0, ...g.childGroups.map(depth));
      const tops = res.body.data.quickGroups as QuickGroup[];
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.max(...tops.map(depth))).toBeLessThanOrEqual(4);
      let leaf = tops[0]!;
      while (leaf.childGroups.length) leaf = leaf.childGroups[0]!;
      const detail = await c.get(
        `${V2}/listQuickDetail?${q({ catalogCode, vehicleId: vehicle.vehicleId, ssd: vehicle.ssd, groupId: leaf.quickGroupId })}`,
      );
      expect(detail.status).toBe(200);
      expect(detail.body.data.quickGroup).toEqual({ quickGroupId: leaf.quickGroupId, name: leaf.name });
      const units = detail.body.data.categories.flatMap((cat: { units: unknown[] }) => cat.units);
      expect(units.length).toBeGreaterThan(0);
      expect(units[0].parts.length).toBeGreaterThan(0);
      expect((await c.get(`${V2}/listQuickDetail?${q({ catalogCode, vehicleId: vehicle.vehicleId, groupId: 'nope' })}`)).status).toBe(404);
    });
  });

  describe('findPartInVehicle', () => {
    const find = (c: TestClient, oemOrName: string) =>
      c.get(`${V2}/findPartInVehicle?${q({ catalogCode, vehicleId: vehicle.vehicleId, ssd: vehicle.ssd, oemOrName })}`);

    it('needs at least 3 characters', async () => {
      const res = await find(guest(), ' ab ');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([MIN_SEARCH]);
    });

    it('finds by OEM number, normalised', async () => {
      const [part] = await catalog
        .em()
        .execute<{ oem: string; unit_id: string }[]>(
          `select p.oem, p.unit_id from parts p join vehicles v on v.platform_id = p.platform_id where v.vehicle_id = ? order by p.part_id limit 1`,
          [vehicle.vehicleId],
        );
      const typed = part!.oem
        .toLowerCase()
        .replace(/[^0-9a-z]/g, '')
        .split('')
        .join(' ');
      const res = await find(guest(), typed.slice(0, 100));
      expect(res.status).toBe(200);
      expect(res.body.data.vehicle.vehicleId).toBe(vehicle.vehicleId);
      const units = res.body.data.categories.flatMap((c: { units: { unitId: string; parts: { oem: string }[] }[] }) => c.units);
      expect(units.map((u: { unitId: string }) => u.unitId)).toContain(part!.unit_id);
      expect(units.flatMap((u: { parts: { oem: string }[] }) => u.parts).map((p: { oem: string }) => p.oem)).toContain(part!.oem);
    });

    it('finds by name ignoring accents and case', async () => {
      const [part] = await catalog.em().execute<{ name_es: string }[]>(
        `select p.name_es from parts p join vehicles v on v.platform_id = p.platform_id
         where v.vehicle_id = ? and p.name_es ~ '[áéíóú]' order by p.part_id limit 1`,
        [vehicle.vehicleId],
      );
      const word = part!.name_es.split(' ').find((w) => /[áéíóú]/.test(w))!;
      for (const typed of [
        word,
        word
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toUpperCase(),
      ]) {
        const res = await find(guest(), typed);
        expect(res.status).toBe(200);
        const names = res.body.data.categories.flatMap((c: { units: { parts: { name: string }[] }[] }) =>
          c.units.flatMap((u) => u.parts.map((p) => p.name)),
        );
        expect(names).toContain(part!.name_es);
      }
    });
  });

  describe('bad input', () => {
    it('refuses a forged or foreign ssd with 400', async () => {
      const forged = vehicle.ssd.slice(0, -2) + (vehicle.ssd.endsWith('AA') ? 'BB' : 'AA');
      const res = await groups(guest(), { ...vehicle, ssd: forged });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['Valor inválido']);
      expect((await guest().get(`${V2}/vehicles?${q({ catalogCode, ssd: 'garbage' })}`)).status).toBe(400);
      const other = t.app.get(SsdCodec).encode({ c: catalogCode, v: 'another-vehicle' });
      expect((await groups(guest(), { ...vehicle, ssd: other })).status).toBe(400);
    });

    it('answers 404 for unknown vehicles and units', async () => {
      const res = await guest().get(`${V2}/groups?${q({ catalogCode, vehicleId: 'nope' })}`);
      expect(res.status).toBe(404);
      expect(res.body.errors).toEqual(['El vehículo no existe en este catálogo.']);
      const parts = await guest().get(`${V2}/parts?${q({ catalogCode, vehicleId: vehicle.vehicleId, unitId: 'nope' })}`);
      expect(parts.status).toBe(404);
      expect(parts.body.errors).toEqual(['El diagrama no existe para este vehículo.']);
    });
  });

  describe('reportSubstitutionError', () => {
    it('validates the text and stores the report', async () => {
      const c = guest();
      expect((await c.post(`${V2}/reportSubstitutionError`, { errorMessage: 'x'.repeat(1025) })).status).toBe(400);
      const empty = await c.post(`${V2}/reportSubstitutionError`, { errorMessage: '  ' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual(['¡Este campo es requerido!']);
      // The report's link is http(s) or a path of the site, never a script (#20 finding 9).
      const script = await c.post(`${V2}/reportSubstitutionError`, { errorMessage: 'No corresponde', url: 'javascript:alert(1)' });
      expect(script.status).toBe(400);
      const text = `La pieza no corresponde ${Date.now()}`;
      const res = await c.post(`${V2}/reportSubstitutionError`, { errorMessage: text, reference: 'ABC-123', url: 'https://tuerca.test/x' });
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('Tu reporte ha sido enviado exitosamente');
      const rows = await catalog
        .em()
        .execute<{ reference: string; reporter_kind: string }[]>(
          'select reference, reporter_kind from error_reports where error_message = ?',
          [text],
        );
      expect(rows).toEqual([{ reference: 'ABC-123', reporter_kind: 'guest' }]);
    });

    it('limits reports per visitor: the eleventh in an hour is a 429 with Retry-After, and nothing is stored (#20 finding 9)', async () => {
      const c = guest();
      const text = `Reporte repetido ${Date.now()}`;
      for (let i = 0; i < 10; i++)
        expect((await c.post(`${V2}/reportSubstitutionError`, { errorMessage: `${text} ${i}` })).status).toBe(200);
      const refused = await c.post(`${V2}/reportSubstitutionError`, { errorMessage: `${text} 10` });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const [n] = await catalog
        .em()
        .execute<{ n: string }[]>('select count(*) as n from error_reports where error_message like ?', [`${text}%`]);
      expect(Number(n!.n)).toBe(10);
    });
  });

  describe('metering (billing’s rules, 12-hour window per vehicle)', () => {
    let vehicles: Vehicle[];

    beforeAll(async () => {
      vehicles = (await guest().get(`${V2}/vehicles?${q({ catalogCode })}`)).body.data.vehicles.slice(0, 6);
    });

    afterAll(async () => {
      await setParameter('catalogV2FreeConsultationsWhitouthLogin', 1000);
      await setParameter('catalogV2FreeConsultationsWithLoginWarning', 2000);
      await setParameter('catalogV2FreeConsultationsShowingPartNumber', 1000);
      await setParameter('catalogV2FreeConsultationsWithLogin', 10);
    });

    it('walks a guest through the levels and asks for login at the warning threshold', async () => {
      await setParameter('catalogV2FreeConsultationsWhitouthLogin', 1);
      await setParameter('catalogV2FreeConsultationsWithLoginWarning', 3);
      const c = guest();
      const prompts: string[] = [];
      for (const v of vehicles.slice(0, 3)) {
        const res = await groups(c, v);
        expect(res.status).toBe(200);
        prompts.push(res.body.metadata.loginPrompt);
      }
      expect(prompts).toEqual(['none', 'closable', 'required']);
      const denied = await groups(c, vehicles[3]!);
      expect(denied.status).toBe(401);
      expect(denied.body.message).toBe('Login required');
      expect(denied.body.errors).toEqual(['Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.']);
      // A vehicle already consulted stays open for 12 hours: browsing it is free.
      const again = await groups(c, vehicles[0]!);
      expect(again.status).toBe(200);
      expect(again.body.metadata.searchesPerformed).toBe(3);
    });

    it('refuses an exhausted logged-in person with 401 and keeps the window free', async () => {
      await setParameter('catalogV2FreeConsultationsWithLogin', 1);
      const c = await login('cliente@tuerca.demo');
      const userId = (await c.get('/api/core/sessionControlData/0')).body.data.user.id as string;
      expect((await groups(c, vehicles[4]!)).status).toBe(200);
      const denied = await groups(c, vehicles[5]!);
      expect(denied.status).toBe(401);
      expect(denied.body.message).toBe('Exhausted catalog inquiries');
      const u = (await groups(c, vehicles[4]!)).body.data.units[0] as Unit;
      const parts = await c.get(`${V2}/parts?${q({ catalogCode, vehicleId: vehicles[4]!.vehicleId, unitId: u.unitId, ssd: u.ssd })}`);
      expect(parts.status).toBe(200);
      const [row] = await billing.em().execute<{ n: string }[]>('select count(*) as n from consumptions where owner_id = ?', [userId]);
      expect(Number(row!.n)).toBe(1);
    });

    it('hides part numbers beyond the showing threshold', async () => {
      await setParameter('catalogV2FreeConsultationsWhitouthLogin', 100);
      await setParameter('catalogV2FreeConsultationsWithLoginWarning', 200);
      await setParameter('catalogV2FreeConsultationsShowingPartNumber', 1);
      const c = guest();
      const partsOf = async (v: Vehicle) => {
        const u = (await groups(c, v, { loadOnlyUnits: '1' })).body.data.units[0] as Unit;
        return c.get(`${V2}/parts?${q({ catalogCode, vehicleId: v.vehicleId, unitId: u.unitId, ssd: u.ssd })}`);
      };
      const first = await partsOf(vehicles[0]!);
      expect(first.body.data.parts.every((p: { oem: string | null }) => typeof p.oem === 'string')).toBe(true);
      await partsOf(vehicles[1]!);
      const third = await partsOf(vehicles[2]!);
      expect(third.status).toBe(200);
      expect(third.body.metadata.canShowPartNumbers).toBe(false);
      expect(third.body.data.parts.every((p: { oem: string | null }) => p.oem === null)).toBe(true);
    });
  });
});
