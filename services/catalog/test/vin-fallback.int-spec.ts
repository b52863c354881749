import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { vinCheckDigitOf } from '@tuerca/contracts';
import { vinYearCode } from '@tuerca/demo-data';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, seedCatalog } from '@tuerca/catalog';
import { SsdCodec } from '../src/ssd.js';
import { MAX_DECODED_CANDIDATES } from '../src/lookup/lookup.service.js';

const V2 = '/api/catalogo/catalogV2';

/** A well-formed VIN (check digit computed) of a WMI and model year, with a serial. */
function vinOf(wmi: string, year: number, serial: string): string {
  const draft = `${wmi}BK3F50${vinYearCode(year)}T${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigitOf(draft)}${draft.slice(9)}`;
}

describe('VIN lookup falls back to offline decoding when the catalogue index does not know the VIN', () => {
  let t: TestHttpApp;
  let catalog: ContextDatabase;
  let guest: TestClient;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule]);
    const db = (schema: string) => t.db(schema);
    catalog = db('catalog');
    await seedIdentity(db('identity'));
    await seedCatalog(catalog, { seed: 2026, scale: 1 });
    guest = new TestClient(t.url);
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  const sql = <T>(query: string, params: unknown[] = []) => catalog.em().execute<T[]>(query, params);
  const lookup = (vinOrFrame: string) => guest.get(`${V2}/vehicleByVinOrFrame?${new URLSearchParams({ vinOrFrame }).toString()}`);

  async function unindexed(wmi: string, year: number): Promise<string> {
    for (let n = 987654; ; n--) {
      const vin = vinOf(wmi, year, String(n).padStart(6, '0'));
      if ((await sql('select 1 from vehicle_vins where vin = ?', [vin])).length === 0) return vin;
    }
  }

  it('answers an indexed VIN as an exact match from the index', async () => {
    const [row] = await sql<{ vin: string }>('select vin from vehicle_vins order by vin limit 1');
    const res = await lookup(row!.vin);
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({ source: 'index', exact: true });
    expect(t.app.get(SsdCodec).decode(res.body.data[0].ssd)).toMatchObject({ vin: row!.vin });
  });

  it('answers an unindexed Mazda VIN of 2018 with Mazda candidates covering 2018, not exact and without a VIN in the ssd', async () => {
    const vin = await unindexed('JM1', 2018);
    const res = await lookup(vin);
    expect(res.status).toBe(200);
    // vPIC answers first when it knows the pattern; the WMI table otherwise. Both are not exact.
    expect(['vpic', 'decoded']).toContain(res.body.metadata.source);
    expect(res.body.metadata).toMatchObject({ make: 'Mazda', year: 2018, exact: false });
    const data = res.body.data as { vehicleId: string; vehicleVIN: string; catalog: string; name: string; ssd: string }[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(MAX_DECODED_CANDIDATES);
    const ids = data.map((d) => d.vehicleId);
    const rows = await sql<{ vehicle_id: string; year_from: number; year_to: number; make_key: string }>(
      `select v.vehicle_id, v.year_from, v.year_to, c.make_key from vehicles v join catalogs c on c.code = v.catalog_code where v.vehicle_id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) {
      expect(r.make_key).toBe('mazda');
      expect(r.year_from).toBeLessThanOrEqual(2018);
      expect(r.year_to).toBeGreaterThanOrEqual(2018);
    }
    const spans = ids.map((id) => rows.find((r) => r.vehicle_id === id)!).map((r) => r.year_to - r.year_from);
    expect(spans).toEqual([...spans].sort((a, b) => a - b));
    for (const d of data) {
      expect(d.vehicleVIN).toBe(vin);
      expect(d.name.startsWith('Mazda')).toBe(true);
      const ssd = t.app.get(SsdCodec).decode(d.ssd);
      expect(ssd).toEqual({ c: d.catalog, v: d.vehicleId });
    }
    const events = await sql<{ payload: { hasCatalog: boolean } }>(
      `select envelope->'payload' as payload from outbox_events where type = 'VinCatalogued' and envelope->'payload'->>'vin' = ?`,
      [vin],
    );
    expect(events.map((e) => e.payload.hasCatalog)).toEqual([false]);
  });

  it('answers 404 for a VIN whose WMI is unknown', async () => {
    const vin = await unindexed('XTA', 2018);
    const res = await lookup(vin);
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toBe(`El VIN ${vin} aún no está registrado en Tuerca`);
  });

  it('answers 404 when the make is known but no catalogue vehicle covers the decoded year', async () => {
    const vin = await unindexed('LGX', 2012);
    expect((await lookup(vin)).status).toBe(404);
  });

  it('decodes a VIN outside the index with NHTSA vPIC (offline) down to the model, and offers that model first', async () => {
    // A 2010 Mazda3 sedan pattern (JM1BL…A…); the serial is not in the catalogue's index.
    const vin = 'JM1BL1SF7A1234567';
    expect(await sql('select 1 from vehicle_vins where vin = ?', [vin])).toHaveLength(0);
    const res = await lookup(vin);
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({
      source: 'vpic',
      make: 'Mazda',
      model: 'Mazda3',
      year: 2010,
      modelMatched: true,
      exact: false,
    });
    const names = (res.body.data as { name: string }[]).map((d) => d.name);
    expect(names.filter((n) => !n.includes('Mazda 3 '))).toEqual([]);
  });
});
