import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogCounts } from '@tuerca/demo-data';
import { ContextDatabase } from '@tuerca/platform';
import { createTestDatabase, testConfig, type TestDatabase } from '@tuerca/platform/testing';
import { catalogDatabase, seedCatalog } from '@tuerca/catalog';

describe('catalogue seeder', () => {
  let tdb: TestDatabase;
  let db: ContextDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase('catalogseed');
    db = await ContextDatabase.open(testConfig({ DATABASE_URL: tdb.url }), catalogDatabase);
    await db.migrate();
  });

  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('streams the scale-1 catalogue into the catalogue tables, once', async () => {
    const started = Date.now();
    const counts = await seedCatalog(db, { seed: 2026, scale: 1 });
    console.log(`catalogue seed, scale 1: ${Date.now() - started} ms`, counts);
    const expected = catalogCounts(1);
    expect(counts).toMatchObject({
      catalogs: expected.catalogs,
      vehicles: expected.vehicles,
      units: expected.units,
      parts: expected.parts,
      crossReferences: expected.crossReferences,
    });
    const [row] = await db
      .em()
      .execute<{ parts: string; xrefs: string; vins: string }[]>(
        'select (select count(*) from parts) as parts, (select count(*) from cross_references) as xrefs, (select count(*) from vehicle_vins) as vins',
      );
    expect(Number(row!.parts)).toBe(expected.parts);
    expect(Number(row!.xrefs)).toBe(expected.crossReferences);
    expect(Number(row!.vins)).toBe(expected.vins);
    // Every hotspot of a unit names a part drawn on it.
    const [orphans] = await db.em().execute<{ n: string }[]>(
      `select count(*) as n from units u, jsonb_array_elements(u.image_map) m
       where not exists (select 1 from parts p where p.unit_id = u.unit_id and p.code_on_image = m->>'code')`,
    );
    expect(Number(orphans!.n)).toBe(0);
    expect(await seedCatalog(db, { seed: 2026, scale: 1 })).toMatchObject({ skipped: 1 });
  }, 120000);
});
