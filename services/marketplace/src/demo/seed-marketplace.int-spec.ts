import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { demoPeople, marketplaceStores } from '@tuerca/demo-data';
import { createTestDatabase, testConfig, type TestDatabase } from '@tuerca/platform/testing';
import { marketplaceDatabase } from '../marketplace.database.js';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { snapshotOf } from '../products/product.rules.js';
import { upsertSearchRows } from '../search/search-rows.js';
import { seedMarketplace } from './seed-marketplace.js';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('seedMarketplace', () => {
  let tdb: TestDatabase;
  let db: ContextDatabase;
  let counts: Record<string, number>;
  const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.em().execute(sql, params)) as T[];
  const n = async (sql: string, params: unknown[] = []) => Number((await q<{ n: string }>(sql, params))[0]!.n);

  beforeAll(async () => {
    tdb = await createTestDatabase('mkseed');
    db = await ContextDatabase.open(testConfig({ DATABASE_URL: tdb.url }), marketplaceDatabase);
    await db.migrate();
    counts = await seedMarketplace(db, { seed: 2026, scale: 1, now: NOW });
  }, 180000);

  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('writes stores, products, the search read model and the cross-references', async () => {
    expect(counts.stores).toBe(marketplaceStores(2026, 1).length);
    expect(counts.products).toBeGreaterThan(9000);
    expect(await n('select count(*) as n from products')).toBe(counts.products);
    expect(await n('select count(*) as n from product_search')).toBe(counts.products);
    expect(await n('select count(*) as n from product_refs')).toBeGreaterThan(counts.products!);
    expect(await n('select count(*) as n from search_words')).toBeGreaterThan(300);
    expect(await n("select count(*) as n from search_words where word !~ '^[a-z]+$'")).toBe(0);
    expect(await n('select count(*) as n from cross_references')).toBeGreaterThan(40000);
    expect(await n('select count(*) as n from cross_references where oem = part')).toBe(0);
    const [virtual] = await q<{ path_prefix: string; show_product_references: boolean; is_virtual: boolean }>(
      `select path_prefix, show_product_references, is_virtual from stores where name = 'Motorepuestos Antioquia'`,
    );
    expect(virtual).toEqual({ path_prefix: 'motorepuestos-antioquia', show_product_references: false, is_virtual: true });
    for (const email of ['vendedor@tuerca.demo', 'tienda@tuerca.demo', 'refaccionaria@tuerca.demo']) {
      const storeId = demoPeople(2026).find((p) => p.email === email)!.storeId;
      expect(
        await n(`select count(*) as n from products where store_id = ? and sales_model = 3 and inventario > 0`, [storeId]),
      ).toBeGreaterThan(5);
    }
  });

  it('finds an OEM number with several products and substitutes through the read model', async () => {
    // An OEM reference sold by two stores or more that also has substitutes sold by others.
    const [row] = await q<{ ref: string; direct: string; subs: string }>(
      `select r.ref, count(distinct ps.store_id) as direct,
         (select count(*) from cross_references x join product_refs r2 on r2.ref = x.part where x.oem = r.ref) as subs
       from product_refs r join product_search ps on ps.product_id = r.product_id and not ps.store_is_virtual
       where exists (select 1 from cross_references x where x.oem = r.ref)
       group by r.ref having count(distinct ps.store_id) >= 2
       order by 3 desc limit 1`,
    );
    expect(Number(row!.direct)).toBeGreaterThanOrEqual(2);
    expect(Number(row!.subs)).toBeGreaterThanOrEqual(2);
  });

  it('builds the same search rows, references and words as upsertSearchRows from the snapshots', async () => {
    await q(`create table seeded_search as select * from product_search`);
    await q(`create table seeded_refs as select * from product_refs`);
    await q(`create table seeded_words as select * from search_words`);
    await q(`truncate product_search, product_refs, search_words`);
    const products = await kysely<MarketplaceDB>(db.em()).selectFrom('Product').selectAll().orderBy('id').execute();
    for (let i = 0; i < products.length; i += 1000) {
      const batch = products
        .slice(i, i + 1000)
        .map((p) => ({ ...snapshotOf({ ...p, storeId: p.store }), eventAt: new Date(p.updatedAt).toISOString() }));
      const em = db.em() as EntityManager;
      await em.transactional((tx) => upsertSearchRows(tx as EntityManager, batch));
    }
    expect(await n('select count(*) as n from product_search')).toBe(products.length);
    for (const [seeded, live] of [
      ['seeded_search', 'product_search'],
      ['seeded_refs', 'product_refs'],
      ['seeded_words', 'search_words'],
    ]) {
      expect(await n(`select count(*) as n from (select * from ${seeded} except all select * from ${live}) d`)).toBe(0);
      expect(await n(`select count(*) as n from (select * from ${live} except all select * from ${seeded}) d`)).toBe(0);
    }
  }, 120000);

  it('keeps a marketplace already seeded at the same seed and scale, with stores added since', async () => {
    await q(`insert into stores (id, name, country, currency) values (gen_random_uuid(), 'Tienda nueva', 'CO', 'COP')`);
    const again = await seedMarketplace(db, { seed: 2026, scale: 1, now: NOW });
    expect(again).toMatchObject({ skipped: 1, products: counts.products });
    expect(await n(`select count(*) as n from stores where name = 'Tienda nueva'`)).toBe(1);
  });
});
