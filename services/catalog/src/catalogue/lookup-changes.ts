import type { TriggerDef } from '@mikro-orm/core';

/** The channel the catalogue's lookup tables (parts, cross_references) notify on commit (Migration010LookupChanges). */
export const LOOKUPS_CHANGED_CHANNEL = 'tuerca_catalog_lookups';

/**
 * The statement trigger on each table the OEM drill-down and the substitutions read (parts, cross_references)
 * that notifies `tuerca_catalog_lookups` when a change commits, so every process drops the answers it keeps
 * (created by Migration010LookupChanges; declared on the entities so the schema diff knows it).
 */
export function lookupChangesTrigger(table: string): TriggerDef {
  const name = `${table}_lookups_changed`;
  return {
    name,
    timing: 'after',
    events: ['insert', 'update', 'delete', 'truncate'],
    forEach: 'statement',
    expression: `create trigger ${name} after insert or update or delete or truncate on ${table} for each statement execute function notify_catalog_lookups()`,
  };
}
