import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ContextDatabase, loadConfig, type AppConfig } from '@tuerca/platform';
import { DEFAULT_SEED } from '@tuerca/demo-data';
import { CONTEXT_ENTRIES, type ContextEntry, type SeedOptions } from '../contexts.js';
import { migrateAll } from './migrate.js';

/** Seeds one context's tables and prints its time, counts and per-step times (`…Ms`). */
export async function seedContext(config: AppConfig, entry: ContextEntry, options: SeedOptions): Promise<void> {
  if (!entry.seed) return;
  const db = await ContextDatabase.open({ ...config, DATABASE_POOL_SIZE: 4 }, entry.database);
  try {
    const started = Date.now();
    const result = await entry.seed(db, options);
    console.log(`Seeded ${entry.name} in ${Date.now() - started} ms`);
    // The seeders' counts and per-step times, to see where a large seed spends its time.
    if (result && typeof result === 'object') console.log(`  ${entry.name}: ${JSON.stringify(result)}`);
  } finally {
    await db.close();
  }
}

/**
 * Each context seeds only its own tables, all from the same deterministic demo-data library, so no seeder
 * waits for another: after the migrations they run side by side, each in a process of its own (the
 * generator is single-threaded JavaScript, and a large seed is mostly generator). `inProcess` runs them
 * one after the other in this process instead (where this file is not run as the built CLI).
 */
export async function seedAll(config: AppConfig, options: SeedOptions, { inProcess = false } = {}): Promise<void> {
  await migrateAll(config);
  const entries = CONTEXT_ENTRIES.filter((e) => e.seed);
  if (inProcess) {
    for (const entry of entries) await seedContext(config, entry, options);
    return;
  }
  const results = await Promise.allSettled(entries.map((entry) => seedInChild(entry.name, options)));
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason instanceof Error ? r.reason.message : String(r.reason)] : []));
  if (failed.length) throw new Error(failed.join('; '));
}

function seedInChild(context: string, options: SeedOptions): Promise<void> {
  const args = [
    // A larger young generation: the generator allocates many short-lived rows, and scavenges are a good part of its time.
    '--max-semi-space-size=64',
    fileURLToPath(import.meta.url),
    '--scale',
    String(options.scale),
    '--seed',
    String(options.seed),
    '--context',
    context,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${context} was not seeded (exit ${code ?? signal}); the message above says why`)),
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      // One context only, without migrating (how seedAll runs each seeder in its own process).
      context: { type: 'string' },
    },
  });
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  const entry = values.context === undefined ? undefined : CONTEXT_ENTRIES.find((e) => e.name === values.context && e.seed);
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000 || !Number.isInteger(seed) || (values.context !== undefined && !entry)) {
    console.error('Usage: npm run seed -- --scale N (1..1000) --seed S (integer) [--context NAME (a context with a seeder)]');
    process.exit(2);
  }
  try {
    const started = Date.now();
    if (entry) await seedContext(loadConfig(), entry, { scale, seed });
    else {
      await seedAll(loadConfig(), { scale, seed });
      console.log(`Seeded every context in ${Date.now() - started} ms`);
    }
  } catch (err) {
    console.error(`Seeding failed${entry ? ` (${entry.name})` : ''}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
