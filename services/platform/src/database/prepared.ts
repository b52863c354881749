import type { Pool } from 'pg';
import type { ContextDatabase } from './context-database.js';

/** Runs a named statement with its parameters and answers its rows. */
export type PreparedRunner = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

const pools = new WeakMap<ContextDatabase, Promise<Pool>>();

/**
 * Hot-path statements as named prepared statements on the context's own `pg` pool (its search_path): parsed
 * and planned once per connection instead of built, compiled and planned per call. For the few statements
 * whose comment gives the measured reason (`hot path:`); everything else goes through the EntityManager.
 */
export function preparedRunner(db: ContextDatabase): PreparedRunner {
  let pool = pools.get(db);
  if (!pool) {
    const connection = db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<Pool> };
    pool = connection.getNativeClient();
    pools.set(db, pool);
  }
  const ready = pool;
  return async <T>(name: string, text: string, values: unknown[]) =>
    (await (await ready).query<T & Record<string, unknown>>({ name, text, values })).rows;
}
