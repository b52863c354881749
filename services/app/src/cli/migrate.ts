import { ContextDatabase, EventBus, loadConfig, type AppConfig } from '@tuerca/platform';
import { CONTEXT_ENTRIES } from '../contexts.js';

/** Applies the kernel's and every context's pending migrations. */
export async function migrateAll(config: AppConfig): Promise<string[]> {
  await EventBus.migrate(config);
  const done: string[] = [];
  for (const entry of CONTEXT_ENTRIES) {
    const db = await ContextDatabase.open({ ...config, DATABASE_POOL_SIZE: 2 }, entry.database);
    try {
      await db.migrate();
      done.push(entry.name);
    } finally {
      await db.close();
    }
  }
  return done;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const done = await migrateAll(loadConfig());
    console.log(`Migrated: platform, ${done.join(', ')}`);
  } catch (err) {
    console.error(`Migration failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
