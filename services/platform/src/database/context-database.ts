import { MikroORM, type EntityManager, type Options } from '@mikro-orm/postgresql';
import type { EntitySchemaWithMeta } from '@mikro-orm/core';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { Migrator } from '@mikro-orm/migrations';
import type { Migration } from '@mikro-orm/migrations';
import type { AppConfig } from '../config/config.js';
import { KERNEL_MIGRATIONS } from './kernel-tables.js';
import { KERNEL_ENTITIES } from '../outbox/outbox-event.entity.js';

type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/** Kysely names tables by entity and columns by property, so a typed query reads like the entities. */
export const KYSELY_NAMING = {
  tableNamingStrategy: 'entity',
  columnNamingStrategy: 'property',
  // Results come back as the entities type them (timestamps as Date, numerics as numbers), and values go in converted.
  convertValues: true,
} as const;

type AnySchema = EntitySchemaWithMeta<any, any, any, any, any>;

/** The Kysely database type of a list of entities (`defineEntity` schemas), kernel tables included. */
export type KyselyDB<E extends readonly AnySchema[]> = InferKyselyDB<E[number] | (typeof KERNEL_ENTITIES)[number], typeof KYSELY_NAMING>;

/** The kernel's own tables (outbox, processed events, offsets, dead letters) in every context's schema. */
export type KernelDB = KyselyDB<readonly []>;

/**
 * A typed Kysely bound to `em` (and to its transaction when there is one): `kysely<MarketplaceDB>(em)`.
 * Read models and tuned statements go through it; changes of write models go through the entities.
 */
export function kysely<DB>(em: EntityManager): Kysely<DB> {
  return em.getKysely(KYSELY_NAMING) as unknown as Kysely<DB>;
}

export interface ContextDatabaseOptions {
  /** The context's name, which is also its PostgreSQL schema. */
  schema: string;
  /** The context's entities (`defineEntity` schemas): every table the context owns has one. */
  entities: readonly AnySchema[];
  /** The context's migrations in order; the kernel tables come first on their own. */
  migrations: MigrationClass[];
  /** Include the kernel tables (outbox, processed events, offsets, dead letters). */
  kernelTables?: boolean;
}

/**
 * One context's database: its own MikroORM instance bound to its own schema, its own migrations.
 * A context never reads or writes another schema; what it needs from others arrives as events.
 */
export class ContextDatabase {
  private constructor(
    readonly schema: string,
    readonly orm: MikroORM,
  ) {}

  static async open(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'LOG_LEVEL'>, options: ContextDatabaseOptions) {
    const kernel = options.kernelTables !== false;
    const migrations = [...(kernel ? KERNEL_MIGRATIONS : []), ...options.migrations];
    const ormOptions: Options = {
      clientUrl: config.DATABASE_URL,
      // Unqualified names in raw SQL (kernel tables, projections) resolve to the context's own schema.
      // JIT compilation is off: for these short queries it cost 20–30 ms and saved nothing (measured on
      // the marketplace's text search at scale 100).
      driverOptions: { options: `-c search_path=${options.schema} -c jit=off`, application_name: `tuerca-${options.schema}` },
      schema: options.schema,
      entities: [...(kernel ? KERNEL_ENTITIES : []), ...options.entities],
      discovery: { warnWhenNoEntities: false },
      // An idle connection is kept a minute (pg's default is 10 s): a connection opened again when traffic rises
      // costs its start and the planning of every named statement on it — at a step from 50 to 200 lookups a second
      // that was the tail of the catalogue's OEM drill-down (issue 21).
      pool: { min: 0, max: config.DATABASE_POOL_SIZE, idleTimeoutMillis: 60_000 },
      extensions: [Migrator],
      migrations: {
        schema: options.schema,
        tableName: 'schema_migrations',
        transactional: true,
        allOrNothing: true,
        snapshot: false,
        silent: true,
        migrationsList: migrations.map((cls) => ({ name: cls.name, class: cls })),
      },
      debug: config.LOG_LEVEL === 'trace',
      allowGlobalContext: false,
      forceUtcTimezone: true,
    };
    const orm = await MikroORM.init(ormOptions);
    guardConnections(await (orm.em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> }).getNativeClient());
    return new ContextDatabase(options.schema, orm);
  }

  /** A fresh unit of work; never share one between requests. */
  em(): EntityManager {
    return this.orm.em.fork();
  }

  /** Runs `work` in one transaction: entity changes and outbox rows commit together or not at all. */
  transactional<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  /** Creates the schema if needed and applies pending migrations, one process at a time. */
  async migrate(): Promise<void> {
    await kysely<KernelDB>(this.orm.em.fork()).schema.createSchema(this.schema).ifNotExists().execute();
    await this.orm.migrator.up();
  }

  async close(): Promise<void> {
    await this.orm.close(true);
  }
}

/**
 * Every connection of `pool` keeps an `error` listener for its whole life. pg's pool listens on a connection only
 * while it is idle: one that dropped while taken (a transaction between two statements, the database restarting or
 * the network cut) emitted `error` to no one, and Node ended the process — a consumer group stopped for good in
 * the fault test of a database outage. With the listener, the holder's next statement fails as any lost connection
 * does (a transient failure its caller waits out), and the pool drops the connection when it comes back.
 */
export function guardConnections(pool: pg.Pool): void {
  const guarded = new WeakSet<pg.PoolClient>();
  pool.on('error', () => undefined);
  // On every checkout (the connections opened before this call included), once per connection.
  pool.on('acquire', (client) => {
    if (guarded.has(client)) return;
    guarded.add(client);
    client.on('error', () => undefined);
  });
}

/**
 * Runs `work` in the unit of work it is given — an event consumer's transaction, so the effect commits
 * with the consumer's processed-event row — or, when none is given, in a transaction of its own.
 */
export function withinTransaction<T>(
  db: ContextDatabase,
  tx: EntityManager | undefined,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  return tx ? work(tx) : db.transactional(work);
}
