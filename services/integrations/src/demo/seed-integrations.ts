import type pg from 'pg';
import { brandLabelKey } from '@tuerca/contracts';
import { DEFAULT_SEED, marketplaceProducts, marketplaceStores } from '@tuerca/demo-data';
import { copyRows, kysely, type ContextDatabase } from '@tuerca/platform';
import type { IntegrationsDB } from '../integrations.database.js';

export interface SeedIntegrationsOptions {
  seed?: number;
  scale?: number;
  now?: Date;
}

async function nativeClient(db: ContextDatabase): Promise<pg.PoolClient> {
  const pool = (await (db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> }).getNativeClient()) as pg.Pool;
  return pool.connect();
}

/**
 * A demo brand code: four letters from the brand's name. The demo's PIES table is made up (Auto Care's table is
 * licensed); a deployment imports the real one through /admin-api/pies-brands/import.
 */
function demoCode(name: string, taken: Set<string>): string {
  const letters = brandLabelKey(name)
    .replace(/[^A-Z]/g, '')
    .padEnd(4, 'X');
  for (let i = 0; ; i++) {
    const code =
      i === 0
        ? letters.slice(0, 4)
        : `${letters.slice(0, 2)}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${String.fromCharCode(65 + (i % 26))}`;
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

/**
 * The demo's copy of the marketplace's stores and products (what StoreUpdated and ProductPublished would have
 * brought: the marketplace's seeder writes its tables without events, from the same deterministic generator)
 * and a PIES brand table holding the demo's brands. Replaces the mirror; keeps connections and listings.
 */
export async function seedIntegrations(db: ContextDatabase, options: SeedIntegrationsOptions = {}): Promise<Record<string, number>> {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const now = options.now ?? new Date();
  const k = kysely<IntegrationsDB>(db.em());
  await k.deleteFrom('MirroredProduct').execute();
  await k.deleteFrom('MirroredStore').execute();
  const known = await k.selectFrom('PiesBrand').select(['brandKey', 'brandAaiaid']).execute();
  const client = await nativeClient(db);
  try {
    await client.query('begin');
    const counts: Record<string, number> = {};
    counts.stores = await copyRows(
      client,
      'mirrored_stores',
      ['id', 'name', 'country', 'currency', 'updated_at'],
      marketplaceStores(seed, scale),
      (s) => [s.id, s.name, s.country, s.currency, now.toISOString()],
    );
    const brands = new Set<string>();
    counts.products = await copyRows(
      client,
      'mirrored_products',
      [
        'id',
        'store_id',
        'title',
        'description',
        'brand',
        'reference',
        'stock',
        'price',
        'images',
        'product_url',
        'compatible_vehicles',
        'state',
        'updated_at',
      ],
      marketplaceProducts(seed, scale, { now }),
      (p) => {
        brands.add(p.manufacturer_title);
        return [
          p.id,
          p.storeId,
          p.title,
          p.descripcion,
          p.manufacturer_title,
          p.referencia_1,
          p.inventario,
          p.actualPrice,
          JSON.stringify(p.imagesURLs),
          p.id,
          JSON.stringify(p.compatibleVehicles),
          p.state,
          p.updatedAt,
        ];
      },
    );
    const keys = new Set(known.map((r) => r.brandKey));
    const taken = new Set(known.map((r) => r.brandAaiaid));
    const fresh = [...brands].filter((b) => brandLabelKey(b) && !keys.has(brandLabelKey(b))).sort();
    counts.piesBrands = await copyRows(client, 'pies_brands', ['brand_aaiaid', 'brand_name', 'brand_key', 'updated_at'], fresh, (b) => {
      keys.add(brandLabelKey(b));
      return [demoCode(b, taken), b, brandLabelKey(b), now.toISOString()];
    });
    await client.query('commit');
    return counts;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
