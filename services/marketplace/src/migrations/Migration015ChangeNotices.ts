import { Migration } from '@mikro-orm/migrations';

/**
 * The lookups' caches hear changes instead of asking for them (issue 21): the search read model's generation is
 * announced as it moves, and every write to a person's cart lines or quotations names the person, on the
 * context's change channel (`tuerca_changes_marketplace`, platform `ChangeFeed`), delivered at commit to every
 * listening process. The part-number lookup and the text search then answer from memory without a round trip.
 */
export class Migration015ChangeNotices extends Migration {
  override name = 'Migration015ChangeNotices';

  override up(): void {
    this.addSql(`
      create or replace function bump_search_generation() returns trigger language plpgsql as $$
      declare
        moved bigint;
      begin
        -- the writer's schema: a seeder's session may not have this context's search_path
        execute format('update %I.search_generation set generation = generation + 1 where id = 1 returning generation', tg_table_schema)
          into moved;
        perform pg_notify('tuerca_changes_' || tg_table_schema, 'g:' || moved);
        return null;
      end $$`);
    // 'p:<owner>' for a cart line's owner ('u:<userId>' or 'g:<guestId>'), 'q:<userId>' for a quotation's person.
    this.addSql(`
      create or replace function notify_person_change() returns trigger language plpgsql as $$
      declare
        channel text := 'tuerca_changes_' || tg_table_schema;
        kind text := tg_argv[0];
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          perform pg_notify(channel, kind || ':' || (to_jsonb(old) ->> tg_argv[1]));
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          perform pg_notify(channel, kind || ':' || (to_jsonb(new) ->> tg_argv[1]));
        end if;
        return null;
      end $$`);
    // A truncate (the seeder) is no row change: it names everyone ('p:*', 'q:*'). A statement trigger on every write,
    // doing nothing but for a truncate: a trigger on truncate alone is invisible to information_schema (and MikroORM).
    this.addSql(`
      create or replace function notify_people_truncated() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          perform pg_notify('tuerca_changes_' || tg_table_schema, tg_argv[0] || ':*');
        end if;
        return null;
      end $$`);
    for (const [table, kind, column] of [
      ['cart_items', 'p', 'owner'],
      ['quotations', 'q', 'user_id'],
    ] as const) {
      this.addSql(
        `create trigger ${table}_person_changes after insert or update or delete on ${table}
         for each row execute function notify_person_change('${kind}', '${column}')`,
      );
      this.addSql(
        `create trigger ${table}_people_truncated after insert or update or delete or truncate on ${table}
         for each statement execute function notify_people_truncated('${kind}')`,
      );
    }
  }
}
