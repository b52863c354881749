import { Migration } from '@mikro-orm/migrations';
import { LOOKUPS_CHANGED_CHANNEL } from '../catalogue/lookup-changes.js';

/** The tables the OEM drill-down and the substitutions read, and the channel that says they changed. */
export const LOOKUP_TABLES = ['parts', 'cross_references'] as const;

/**
 * Any change to the parts or the cross-references — seeding, an import, a replacement of an OEM's
 * cross-references, a hand edit — notifies `tuerca_catalog_lookups` when it commits, so every process drops the
 * lookup answers it keeps in memory (services/catalog/README.md, "Speed of the lookups"). One notification per
 * statement, and PostgreSQL folds the same notification within a transaction into one: a bulk load costs
 * nothing more.
 */
export class Migration010LookupChanges extends Migration {
  override name = 'Migration010LookupChanges';

  override up(): void {
    this.addSql(`
      create or replace function notify_catalog_lookups() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${LOOKUPS_CHANGED_CHANNEL}', tg_table_schema);
        return null;
      end $$`);
    for (const table of LOOKUP_TABLES) {
      this.addSql(`drop trigger if exists ${table}_lookups_changed on ${table}`);
      this.addSql(
        `create trigger ${table}_lookups_changed after insert or update or delete or truncate on ${table} for each statement execute function notify_catalog_lookups()`,
      );
    }
  }
}
