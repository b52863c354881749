import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sealVehicleToken, vinCheckDigitOf } from '@tuerca/contracts';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, SearchRecorder, seedCatalog } from '@tuerca/catalog';
import { SsdCodec } from '../src/ssd.js';
import { MAX_CANDIDATES } from '../src/vin/vin-ranking.rules.js';
import { YEAR_CODES } from '../src/vin/vin.rules.js';
import { CatalogueVehiclesIndex, WARM_AFTER_CHANGE_MS } from '../src/vin/catalogue-vehicles.index.js';

const V2 = '/api/catalogo/catalogV2';

interface Candidate {
  name: string;
  vehicleId: string;
  vehicleVIN: string;
  catalog: string;
  ssd: string;
  exact: boolean;
  confidence: number;
  evidence: { kind: string; value: string; source: string }[];
}

/** A VIN with its check digit, from its first nine characters (the ninth is replaced), year code and serial. */
function vin(first8: string, yearCode: string, rest7: string): string {
  const draft = `${first8}0${yearCode}${rest7}`;
  return `${draft.slice(0, 8)}${vinCheckDigitOf(draft)}${draft.slice(9)}`;
}
const yearCode = (year: number) => YEAR_CODES[(year - 1980) % 30]!;

describe('which vehicle is this? — exact answers, candidates with evidence, named and not-registered answers', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let guest: TestClient;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule]);
    catalog = t.db('catalog');
    await seedIdentity(t.db('identity'));
    await seedCatalog(catalog, { seed: 2026, scale: 1 });
    guest = new TestClient(t.url);
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  const sql = <T>(query: string, params: unknown[] = []) => catalog.em().execute<T[]>(query, params);
  const lookup = (vinOrFrame: string) => guest.get(`${V2}/vehicleByVinOrFrame?${new URLSearchParams({ vinOrFrame }).toString()}`);
  const hasCatalog = async (v: string) => (await guest.get(`${V2}/VINHasCatalog?${new URLSearchParams({ VIN: v }).toString()}`)).body.data;

  async function vehiclesOf(ids: string[]) {
    return sql<{
      vehicle_id: string;
      name: string;
      year_from: number;
      year_to: number;
      market: string;
      make_key: string;
      catalog_code: string;
    }>(
      `select v.vehicle_id, v.name, v.year_from, v.year_to, v.market, c.make_key, v.catalog_code
       from vehicles v join catalogs c on c.code = v.catalog_code where v.vehicle_id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
  }

  it('answers a VIN of the catalogue’s own index as exact, and the check agrees', async () => {
    const [row] = await sql<{ vin: string; vehicle_id: string }>('select vin, vehicle_id from vehicle_vins order by vin desc limit 1');
    const res = await lookup(row!.vin);
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({ answer: 'exact', exact: true, source: 'index' });
    expect(res.body.data).toEqual([expect.objectContaining({ vehicleId: row!.vehicle_id, exact: true, confidence: 1 })]);
    expect(await hasCatalog(row!.vin)).toBe(true);
  });

  it('answers a Colombian Renault Logan 2023 with candidates — Logan first, each once, with evidence — never as found', async () => {
    // 9FB: Renault Sofasa (Colombia); position 4 '4' a sedan, position 5 'S' the Logan/Sandero/Duster family; P = 2023.
    const logan = vin('9FB4SREB', 'P', 'M123456');
    const res = await lookup(logan);
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({
      answer: 'candidates',
      exact: false,
      source: 'decoded',
      decoded: { make: 'Renault', model: 'Logan / Sandero / Stepway / Duster', years: [2023], country: 'Colombia' },
    });
    const data = res.body.data as Candidate[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(MAX_CANDIDATES);
    expect(data[0]!.name).toMatch(/^Renault Logan /);
    expect(data.every((c) => !c.exact && c.confidence < 1 && c.vehicleVIN === logan)).toBe(true);
    expect(data.some((c) => /Koleos|Kwid/.test(c.name))).toBe(false);
    expect(data[0]!.evidence.map((e) => e.kind)).toEqual(expect.arrayContaining(['make', 'year', 'model', 'body']));
    // Each vehicle once: the Colombian one (the VIN was built for that market), never its Mexican twin.
    expect(new Set(data.map((c) => c.name)).size).toBe(data.length);
    const rows = await vehiclesOf(data.map((c) => c.vehicleId));
    expect(rows.every((r) => r.make_key === 'renault' && r.market === 'CO' && r.year_from <= 2023 && r.year_to >= 2023)).toBe(true);
    // Candidates do not claim `match`: their ssd carries no VIN.
    for (const c of data) expect(t.app.get(SsdCodec).decode(c.ssd).vin).toBeUndefined();
    expect(await hasCatalog(logan)).toBe(true);
  });

  it('reads a Mexican Jetta as 2014 (not 1984), a Colombian VIN as 2023 and a US one by position 7', async () => {
    const jetta = await lookup('3VWDJ2166EM068639');
    expect(jetta.status).toBe(200);
    expect(jetta.body.metadata.decoded).toMatchObject({ make: 'Volkswagen', model: 'Jetta', years: [2014], country: 'México' });
    expect((jetta.body.data as Candidate[])[0]!.name).toMatch(/^Volkswagen Jetta /);
    const focus = await lookup('1FAHP3FN8AW139719'); // a 2010 Ford Focus (vPIC)
    expect(focus.status).toBe(200);
    expect(focus.body.metadata.decoded).toMatchObject({ make: 'Ford', model: 'Focus', years: [2010] });
    expect((focus.body.data as Candidate[])[0]!.name).toMatch(/^Ford Focus /);
    const renault = await lookup(vin('9FB4SREB', 'P', 'M654321'));
    expect(renault.body.metadata.decoded.years).toEqual([2023]);
  });

  it('names a vehicle whose make the catalogue has but whose model or year it lacks, instead of a list', async () => {
    const accord = await lookup('1HGCM82633A004352'); // 2003 Honda Accord
    expect(accord.status).toBe(404);
    expect(accord.body.message).toBe('Vehicle not in catalog');
    expect(accord.body.errors[0]).toBe('Honda Accord 2003: aún no tenemos su catálogo');
    expect(await hasCatalog('1HGCM82633A004352')).toBe(false);
    // A 1991 Uno (Fiat's type 146) is not a 2021 one.
    const uno = await lookup(vin('9BD14600', 'M', '3123456'));
    expect(uno.status).toBe(404);
    expect(uno.body.errors[0]).toBe('Fiat Uno 1991: aún no tenemos su catálogo');
  });

  it('answers junk and impossible VINs as not registered, never with a list', async () => {
    for (const junk of ['9GAZZZ99999999999', 'XTAGFK330JY144213', vin('9GAKS48U', '0', '1234567')]) {
      const res = await lookup(junk);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Not found');
      expect(await hasCatalog(junk)).toBe(false);
    }
  });

  it('never opens a car catalogue for a motorcycle VIN', async () => {
    // 9C2: Moto Honda da Amazônia. Honda's motorcycles are a catalogue of their own (Honda Motos): never Honda's cars.
    const honda = await lookup(vin('9C2JC411', 'E', 'R000001'));
    expect(honda.status).toBe(200);
    const motos = await vehiclesOf((honda.body.data as Candidate[]).map((c) => c.vehicleId));
    expect(motos.length).toBeGreaterThan(0);
    expect(motos.every((r) => r.make_key === 'honda-motos')).toBe(true);
    // 9C6: Yamaha Motor da Amazônia — the catalogue has Yamaha motorcycles.
    const yamaha = await lookup(vin('9C6KE092', yearCode(2019), 'M123456'));
    expect(yamaha.status).toBe(200);
    const rows = await vehiclesOf((yamaha.body.data as Candidate[]).map((c) => c.vehicleId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.make_key === 'yamaha')).toBe(true);
    expect(yamaha.body.metadata.decoded.kind).toBe('motorcycle');
  });

  it('accepts lowercase, spaces and O for 0 with the same answer', async () => {
    const jetta = '3VWDJ2166EM068639';
    const variants = [jetta.toLowerCase(), `${jetta.slice(0, 8)} ${jetta.slice(8)}`, jetta.replace(/0/g, 'O')];
    const expected = ((await lookup(jetta)).body.data as Candidate[]).map((c) => c.vehicleId);
    for (const v of variants) expect(((await lookup(v)).body.data as Candidate[]).map((c) => c.vehicleId)).toEqual(expected);
  });

  it('gives a part its match only when `q` names that exact vehicle, and not for a candidate', async () => {
    const [row] = await sql<{ vin: string; vehicle_id: string; catalog_code: string }>(
      `select x.vin, x.vehicle_id, v.catalog_code from vehicle_vins x join vehicles v using (vehicle_id)
       where exists (select 1 from units u where u.platform_id = v.platform_id) order by x.vin limit 1`,
    );
    const [unit] = await sql<{ unit_id: string }>(
      `select u.unit_id from units u join vehicles v on v.platform_id = u.platform_id where v.vehicle_id = ? order by u.unit_id limit 1`,
      [row!.vehicle_id],
    );
    const parts = (q?: string) =>
      guest.get(
        `${V2}/parts?${new URLSearchParams({
          catalogCode: row!.catalog_code,
          vehicleId: row!.vehicle_id,
          unitId: unit!.unit_id,
          vehicleName: 'Mi carro',
          catalogUrl: `/catalogo/catalog/v2/catalog=${row!.catalog_code}/m=|ssd=x`,
          ...(q ? { q } : {}),
        }).toString()}`,
      );
    const withVin = await parts(row!.vin.toLowerCase());
    expect(withVin.status).toBe(200);
    expect((withVin.body.data.parts as { match: boolean }[]).every((p) => p.match)).toBe(true);
    expect(withVin.body.metadata).toMatchObject({
      vinMatch: true,
      vehicleName: 'Mi carro',
      catalogUrl: `/catalogo/catalog/v2/catalog=${row!.catalog_code}/m=&ssd=x`,
    });
    const [other] = await sql<{ vin: string }>('select vin from vehicle_vins where vehicle_id <> ? limit 1', [row!.vehicle_id]);
    const withOther = await parts(other!.vin);
    expect((withOther.body.data.parts as { match: boolean }[]).some((p) => p.match)).toBe(false);
    expect(withOther.body.metadata.vinMatch).toBe(false);
    const without = await parts();
    expect((without.body.data.parts as { match: boolean }[]).some((p) => p.match)).toBe(false);
    // A page URL outside the catalogue is not kept (no open redirect through it).
    const foreign = await guest.get(
      `${V2}/parts?${new URLSearchParams({ catalogCode: row!.catalog_code, vehicleId: row!.vehicle_id, unitId: unit!.unit_id, catalogUrl: 'https://evil.example/x' }).toString()}`,
    );
    expect(foreign.body.metadata.catalogUrl).toBeNull();
  });

  it('takes the opaque vehicle token wherever it takes a VIN, and never answers the VIN itself', async () => {
    const [row] = await sql<{ vin: string; vehicle_id: string; catalog_code: string }>(
      `select x.vin, x.vehicle_id, v.catalog_code from vehicle_vins x join vehicles v using (vehicle_id)
       where exists (select 1 from units u where u.platform_id = v.platform_id) order by x.vin desc limit 1`,
    );
    const token = await sealVehicleToken(row!.vin, t.config.SESSION_SECRET);
    const res = await lookup(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ vehicleId: row!.vehicle_id, vehicleVIN: token, exact: true })]);
    expect(JSON.stringify(res.body)).not.toContain(row!.vin);
    // The ssd is sealed too: the VIN it carries (for the parts' match) is not readable from a URL.
    expect(Buffer.from(res.body.data[0].ssd, 'base64url').toString('latin1')).not.toContain(row!.vin);
    expect(await hasCatalog(token)).toBe(true);
    // What the search is recorded as: the VIN masked (search events are written in batches: write what is queued).
    await t.app.get(SearchRecorder).flush();
    const [searched] = await sql<{ query: string }>(
      `select envelope->'payload'->>'query' as query from outbox_events where type = 'CatalogSearched' order by id desc limit 1`,
    );
    expect(searched!.query).toBe(`${row!.vin.slice(0, 3)}${'•'.repeat(10)}${row!.vin.slice(-4)}`);
    // Browsing with q = the token: the parts match, and the vehicle's VIN is shown masked.
    const [unit] = await sql<{ unit_id: string }>(
      `select u.unit_id from units u join vehicles v on v.platform_id = u.platform_id where v.vehicle_id = ? order by u.unit_id limit 1`,
      [row!.vehicle_id],
    );
    const parts = await guest.get(
      `${V2}/parts?${new URLSearchParams({ catalogCode: row!.catalog_code, vehicleId: row!.vehicle_id, unitId: unit!.unit_id, q: token }).toString()}`,
    );
    expect(parts.status).toBe(200);
    expect((parts.body.data.parts as { match: boolean }[]).every((p) => p.match)).toBe(true);
    expect(parts.body.data.vehicle.vehicleVIN).toContain('•');
    expect(JSON.stringify(parts.body)).not.toContain(row!.vin);
    // A forged or edited token is refused, never decoded.
    const forged = await lookup(`${token.slice(0, -3)}xyz`);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid vehicle token');
    expect(
      await sealVehicleToken(row!.vin, 'another-secret-of-thirty-two-characters!')
        .then(lookup)
        .then((r) => r.status),
    ).toBe(400);
  });

  it('reads every make ahead in a served process, and again after the catalogue changes', async () => {
    // Tests read a make on its first VIN; a served process reads them all ahead (warm) and after each change.
    const index = t.app.get(CatalogueVehiclesIndex);
    const reads = jest.spyOn(index as unknown as { read(key: string): Promise<unknown[]> }, 'read');
    try {
      index.invalidate();
      await index.warm();
      const makes = reads.mock.calls.length;
      expect(makes).toBeGreaterThan(5);
      await index.vehicles('renault');
      expect(reads.mock.calls.length).toBe(makes); // read ahead: the lookup reads nothing
      (index as unknown as { warmsAhead: boolean }).warmsAhead = true;
      index.invalidate();
      await new Promise((r) => setTimeout(r, WARM_AFTER_CHANGE_MS + 1500));
      expect(reads.mock.calls.length).toBeGreaterThanOrEqual(2 * makes);
    } finally {
      (index as unknown as { warmsAhead: boolean }).warmsAhead = false;
      reads.mockRestore();
    }
  });

  it('follows a change of the catalogue at once, though answers are kept in memory: the index, a vehicle, its name', async () => {
    // Answers are kept (VinResolver, CatalogueVehiclesIndex) until the catalogue's tables notify a change.
    const logan = vin('9FB4SREB', 'P', 'M777777');
    /** Asks until the answer satisfies `ok` (the change notification arrives after the commit, asynchronously). */
    type Body = { metadata: { answer: string }; data: Candidate[] };
    async function until(ok: (body: Body) => boolean): Promise<Body> {
      let body = (await lookup(logan)).body as Body;
      for (let i = 0; i < 100 && !ok(body); i++) {
        await new Promise((r) => setTimeout(r, 50));
        body = (await lookup(logan)).body as Body;
      }
      return body;
    }
    const before = await lookup(logan);
    expect(before.body.metadata.answer).toBe('candidates');
    const chosen = (before.body.data as Candidate[])[0]!;
    const names = (data: Candidate[]) => data.map((c) => `${c.vehicleId} ${c.name} ${c.confidence}`);
    expect(names((await lookup(logan)).body.data as Candidate[])).toEqual(names(before.body.data as Candidate[])); // the same answer

    await sql('insert into vehicle_vins (vin, vehicle_id) values (?, ?)', [logan, chosen.vehicleId]);
    const exact = await until((b) => b.metadata.answer === 'exact');
    expect(exact.metadata.answer).toBe('exact');
    expect(exact.data).toEqual([expect.objectContaining({ vehicleId: chosen.vehicleId, exact: true })]);
    expect(await hasCatalog(logan)).toBe(true);

    const [{ name, year_from, year_to }] = await sql<{ name: string; year_from: number; year_to: number }>(
      'select name, year_from, year_to from vehicles where vehicle_id = ?',
      [chosen.vehicleId],
    );
    try {
      await sql('update vehicles set name = ? where vehicle_id = ?', [`${name} Edición Tuerca`, chosen.vehicleId]);
      const renamed = await until((b) => b.data[0]?.name.endsWith('Edición Tuerca') ?? false);
      expect(renamed.data[0]!.name).toBe(`${chosen.name} Edición Tuerca`);

      // Back to candidates once the index loses the VIN; and the make's vehicles are read again: a vehicle
      // moved to other years is no longer one of them.
      await sql('update vehicles set name = ?, year_from = 1990, year_to = 1991 where vehicle_id = ?', [name, chosen.vehicleId]);
      await sql('delete from vehicle_vins where vin = ?', [logan]);
      const again = await until((b) => b.metadata.answer === 'candidates');
      expect(again.metadata.answer).toBe('candidates');
      expect(again.data.length).toBeGreaterThan(0);
      expect(again.data.map((c) => c.vehicleId)).not.toContain(chosen.vehicleId);
    } finally {
      await sql('update vehicles set name = ?, year_from = ?, year_to = ? where vehicle_id = ?', [
        name,
        year_from,
        year_to,
        chosen.vehicleId,
      ]);
      await sql('delete from vehicle_vins where vin = ?', [logan]);
    }
    const restored = await until((b) => b.data[0]?.vehicleId === chosen.vehicleId);
    expect(names(restored.data)).toEqual(names(before.body.data as Candidate[]));
  });
});
