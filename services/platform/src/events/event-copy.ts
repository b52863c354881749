import type { EntityManager } from '@mikro-orm/postgresql';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { EventDefinition, EventEnvelope } from '@tuerca/contracts';
import { kysely } from '../database/context-database.js';

/**
 * A table kept as a copy of another context's events (an event-fed copy): the owner announces a row with a
 * "saved" event and its end with a "removed" one; the copying context never reads the owner's tables. Applied
 * inside the consumer's transaction, so the processed-event row of the group (group, eventId) makes a
 * redelivery change nothing, and a late, older "saved" never overwrites a newer copy (`versionedBy`).
 */
export interface EventCopy<
  DB,
  T extends keyof DB & string,
  S extends EventDefinition = EventDefinition,
  R extends EventDefinition = EventDefinition,
> {
  /** The copy's table, by entity name as in `kysely<ContextDB>(em)`. */
  table: T;
  /** The property that identifies a row (the owner's id). */
  key: keyof DB[T] & string;
  /** The property that orders copies of one row (the owner's change time): an older copy never wins. */
  versionedBy: keyof DB[T] & string;
  /**
   * Properties the owner keeps unique besides the key: a saved row replaces another row holding the same
   * values that is not newer (a removal and its replacement can arrive in either order).
   */
  replaces?: readonly (keyof DB[T] & string)[];
  saved: S;
  removed: R;
  /** The row a "saved" event describes (key and `versionedBy` included). */
  row(payload: z.infer<S['payload']>, event: EventEnvelope): Insertable<DB[T]>;
  /** The key of the row a "removed" event ends. */
  removedKey(payload: z.infer<R['payload']>, event: EventEnvelope): unknown;
}

/** `defineEventCopy<CatalogDB>()({ table: 'BrandMapping', … })`: the context's database types the copy. */
export function defineEventCopy<DB>() {
  return <T extends keyof DB & string, S extends EventDefinition, R extends EventDefinition>(copy: EventCopy<DB, T, S, R>) => copy;
}

/** The events a copy consumes: a subscription's `events`. */
export function copyEvents<DB, T extends keyof DB & string, S extends EventDefinition, R extends EventDefinition>(
  copy: EventCopy<DB, T, S, R>,
): [S, R] {
  return [copy.saved, copy.removed];
}

type Row = Record<string, unknown>;
type AnyDB = Record<string, Row>;

/**
 * Applies one of the copy's events with `em` (the consumer's transaction): "removed" deletes the row,
 * "saved" upserts it unless the copy holds a newer one. Another event is refused (a wiring mistake).
 */
export async function applyEventCopy<DB, T extends keyof DB & string, S extends EventDefinition, R extends EventDefinition>(
  em: EntityManager,
  copy: EventCopy<DB, T, S, R>,
  event: EventEnvelope,
): Promise<void> {
  // The copy's own table through the context's typed Kysely; the copy's shape is checked where it is defined.
  const k = kysely<AnyDB>(em);
  const table: string = copy.table;
  const keyColumn: string = copy.key;
  const versionColumn: string = copy.versionedBy;
  if (event.type === copy.removed.name && event.version === copy.removed.version) {
    const key = copy.removedKey(event.payload as z.infer<R['payload']>, event);
    await k.deleteFrom(table).where(keyColumn, '=', key).execute();
    return;
  }
  if (event.type !== copy.saved.name || event.version !== copy.saved.version)
    throw new Error(`${event.type} v${event.version} is neither ${copy.saved.name} nor ${copy.removed.name} (copy ${table})`);
  const row = copy.row(event.payload as z.infer<S['payload']>, event) as Row;
  const key = row[keyColumn];
  const version = row[versionColumn];
  if (copy.replaces?.length) {
    let stale = k.deleteFrom(table).where(keyColumn, '!=', key).where(versionColumn, '<=', version);
    for (const column of copy.replaces as readonly string[]) stale = stale.where(column, '=', row[column]);
    await stale.execute();
  }
  await k
    .insertInto(table)
    .values(row)
    .onConflict((oc) => oc.column(keyColumn).doUpdateSet(row).where(`${table}.${versionColumn}`, '<=', version))
    .execute();
}
