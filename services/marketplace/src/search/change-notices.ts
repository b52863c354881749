import type { TriggerDef } from '@mikro-orm/core';

/**
 * The marketplace's change notices (Migration015ChangeNotices), heard through the context's `ChangeFeed`:
 * - `g:<generation>`: the search read model's generation moved (product_search, product_refs, cross_references,
 *   store_rating_summaries written);
 * - `p:<owner>`: a cart line of this owner ('u:<userId>' or 'g:<guestId>') was written; `p:*` every owner (a truncate);
 * - `q:<userId>`: a quotation of this person was written; `q:*` every person (a truncate).
 */
export type ChangeNotice = { kind: 'generation'; generation: bigint } | { kind: 'owner'; owner: string | '*' } | null;

export function parseChangeNotice(payload: string): ChangeNotice {
  const value = payload.slice(2);
  switch (payload.slice(0, 2)) {
    case 'g:':
      return /^\d+$/.test(value) ? { kind: 'generation', generation: BigInt(value) } : null;
    case 'p:':
      return { kind: 'owner', owner: value };
    case 'q:':
      return { kind: 'owner', owner: value === '*' ? '*' : `u:${value}` };
    default:
      return null;
  }
}

/**
 * The triggers that name the person of every written row of `table` (by `column`) on the change channel, and
 * everyone when the table is truncated (Migration015ChangeNotices).
 */
export function personChangesTriggers(table: string, kind: 'p' | 'q', column: string): TriggerDef[] {
  return [
    {
      name: `${table}_person_changes`,
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      forEach: 'row',
      expression: `create trigger ${table}_person_changes after insert or update or delete on ${table} for each row execute function notify_person_change('${kind}', '${column}')`,
    },
    {
      name: `${table}_people_truncated`,
      timing: 'after',
      events: ['insert', 'update', 'delete', 'truncate'],
      forEach: 'statement',
      expression: `create trigger ${table}_people_truncated after insert or update or delete or truncate on ${table} for each statement execute function notify_people_truncated('${kind}')`,
    },
  ];
}
