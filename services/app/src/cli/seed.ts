import { parseArgs } from 'node:util';
import { ContextDatabase, loadConfig, type AppConfig } from '@tuerca/platform';
import { DEFAULT_SEED } from '@tuerca/demo-data';
import { CONTEXT_ENTRIES, type SeedOptions } from '../contexts.js';
import { migrateAll } from './migrate.js';

/** Each context seeds only its own tables, all from the same deterministic demo-data library. */
export async function seedAll(config: AppConfig, options: SeedOptions): Promise<void> {
  await migrateAll(config);
  for (const entry of CONTEXT_ENTRIES) {
    if (!entry.seed) continue;
    const db = await ContextDatabase.open({ ...config, DATABASE_POOL_SIZE: 4 }, entry.database);
    try {
      const started = Date.now();
      const result = await entry.seed(db, options);
      console.log(`Seeded ${entry.name} in ${Date.now() - started} ms`);
      // The seeders' counts and per-step times (`…Ms`), to see where a large seed spends its time.
      if (result && typeof result === 'object') console.log(`  ${entry.name}: ${JSON.stringify(result)}`);
    } finally {
      await db.close();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1' }, seed: { type: 'string', default: String(DEFAULT_SEED) } },
  });
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000 || !Number.isInteger(seed)) {
    console.error('Usage: npm run seed -- --scale N (1..1000) --seed S (integer)');
    process.exit(2);
  }
  try {
    await seedAll(loadConfig(), { scale, seed });
  } catch (err) {
    console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
