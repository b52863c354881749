import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

type Cell = string | number | boolean | null | undefined | string[] | object;

function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  let s: string;
  // A list of strings is a text[] column; anything else structured is jsonb.
  if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
    s = `{${v.map((x) => `"${String(x).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  else if (typeof v === 'object') s = JSON.stringify(v);
  else s = String(v);
  return /[",\n\r]/.test(s) || s === '' ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Streams rows into a table with COPY … FROM STDIN (CSV), honouring back-pressure, so a scale-100
 * seed (a million products, five million cross-references) never sits in memory at once. Returns the
 * number of rows written. Seeders use it for their own tables.
 */
export async function copyRows<T>(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: Iterable<T>,
  toCells: (row: T) => Cell[],
): Promise<number> {
  // below the ORM: COPY … FROM STDIN streams rows through one connection; neither MikroORM nor Kysely has it.
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin with (format csv)`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let count = 0;
  let chunk = '';
  for (const row of rows) {
    chunk += `${toCells(row).map(csvCell).join(',')}\n`;
    count++;
    if (chunk.length > 1 << 16) {
      if (!stream.write(chunk)) await new Promise((r) => stream.once('drain', r));
      chunk = '';
    }
  }
  if (chunk) stream.write(chunk);
  stream.end();
  await done;
  return count;
}
