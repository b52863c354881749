import type pg from 'pg';

interface Deferred {
  table: string;
  name: string;
  /** The statement that puts it back (CREATE INDEX … or ALTER TABLE … ADD CONSTRAINT …). */
  restore: string;
  kind: 'index' | 'constraint';
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs a bulk load into `tables` with their secondary indexes, primary keys and unique constraints set
 * aside, and builds them again after it, sorted once instead of maintained row by row. Must be called
 * inside the caller's transaction: the drops, the load and the rebuild commit or roll back together, so a
 * failed load leaves the tables and their indexes as they were. A key a primary key or unique constraint
 * would have refused makes the rebuild fail, and so the whole load. Keys other tables' foreign keys point
 * to are kept (they cannot be dropped alone). Tables are names in the connection's search_path.
 */
export async function withIndexesDeferred<T>(
  client: pg.PoolClient,
  tables: readonly string[],
  load: () => Promise<T>,
  options: { maintenanceWorkMem?: string } = {},
): Promise<T> {
  // Hot path: the scale-100 seed (8 M cross-references, 1.6 M parts, 1 M products) spent most of its hour
  // maintaining these indexes row by row; the system catalogues have no form in the ORM.
  const { rows } = await client.query<Deferred>(
    `select c.relname as table, con.conname as name, 'constraint' as kind,
            format('alter table %I add constraint %I %s', c.relname, con.conname, pg_get_constraintdef(con.oid)) as restore
       from pg_constraint con join pg_class c on c.oid = con.conrelid
      where c.relname = any($1::text[]) and c.relnamespace = current_schema()::regnamespace and con.contype in ('p', 'u')
        and not exists (select 1 from pg_constraint fk where fk.contype = 'f' and fk.conindid = con.conindid)
     union all
     select c.relname, i.relname, 'index', pg_get_indexdef(x.indexrelid)
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
      where c.relname = any($1::text[]) and c.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint con where con.conindid = x.indexrelid)`,
    [tables],
  );
  for (const d of rows)
    await client.query(
      d.kind === 'constraint' ? `alter table ${quote(d.table)} drop constraint ${quote(d.name)}` : `drop index ${quote(d.name)}`,
    );
  const result = await load();
  // Hot path: index builds sort in memory up to maintenance_work_mem (64 MB by default); a build of the
  // scale-100 cross-references' indexes spills to disk with less.
  await client.query(`set local maintenance_work_mem = '${options.maintenanceWorkMem ?? '512MB'}'`);
  for (const d of rows) await client.query(d.restore);
  return result;
}
