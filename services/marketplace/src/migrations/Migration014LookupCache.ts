import { Migration } from '@mikro-orm/migrations';

/**
 * The part-number lookup's cache (search/reference-answers.cache.ts): one generation number that every write
 * to what a lookup answer reads moves, in the writer's transaction — so a cached answer is dropped by the first
 * lookup after the change commits, in every process. Statement triggers: a bulk write or a truncate moves it once.
 */
export class Migration014LookupCache extends Migration {
  override name = 'Migration014LookupCache';

  override up(): void {
    this.addSql(`create table search_generation (id smallint primary key, generation bigint not null)`);
    this.addSql(`insert into search_generation (id, generation) values (1, 0)`);
    this.addSql(`
      create or replace function bump_search_generation() returns trigger language plpgsql as $$
      begin
        -- the writer's schema: a seeder's session may not have this context's search_path
        execute format('update %I.search_generation set generation = generation + 1 where id = 1', tg_table_schema);
        return null;
      end $$`);
    for (const table of ['product_search', 'product_refs', 'cross_references', 'store_rating_summaries']) {
      this.addSql(
        `create trigger ${table}_search_generation after insert or update or delete or truncate on ${table}
         for each statement execute function bump_search_generation()`,
      );
    }
  }
}
