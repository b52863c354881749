import { defineEntity, p, type InferEntity, type TriggerDef } from '@mikro-orm/core';

/**
 * One row: the search read model's generation, moved in the same transaction by every statement that writes
 * product_search, product_refs, cross_references or store_rating_summaries (statement triggers,
 * Migration014LookupCache). The part-number lookup's cache keeps an answer only while it is unchanged.
 */
export const SearchGeneration = defineEntity({
  name: 'SearchGeneration',
  tableName: 'search_generation',
  properties: {
    id: p.smallint().primary().autoincrement(false),
    generation: p.bigint(),
  },
});
export type SearchGeneration = InferEntity<typeof SearchGeneration>;

/** The statement trigger that moves the generation on every write to `table` (created by Migration014LookupCache). */
export function searchGenerationTrigger(table: string): TriggerDef {
  const name = `${table}_search_generation`;
  return {
    name,
    timing: 'after',
    events: ['insert', 'update', 'delete', 'truncate'],
    forEach: 'statement',
    expression: `create trigger ${name} after insert or update or delete or truncate on ${table} for each statement execute function bump_search_generation()`,
  };
}
