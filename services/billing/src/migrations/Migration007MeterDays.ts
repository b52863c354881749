import { Migration } from '@mikro-orm/migrations';

/**
 * Consultations charged per meter, store and UTC day, written by the charge's own statement and taken off by
 * a refund: the 30-day counter of a decision sums at most 31 of these rows and counts only the oldest day's
 * consultations one by one, instead of every consultation of the last 30 days (3.3 ms for a person with
 * 4,000, growing with use; load-tests/reports/catalog-lookup.md). Filled from the consultations already
 * charged.
 */
export class Migration007MeterDays extends Migration {
  override name = 'Migration007MeterDays';

  override up(): void {
    this.addSql(`
      create table meter_days (
        owner_kind text not null,
        owner_id text not null,
        kind text not null,
        day date not null,
        store_key text not null default '',
        consumed integer not null check (consumed >= 0),
        primary key (owner_kind, owner_id, kind, day, store_key)
      )`);
    this.addSql(`
      insert into meter_days (owner_kind, owner_id, kind, day, store_key, consumed)
      select owner_kind, owner_id, kind, (consumed_at at time zone 'UTC')::date, coalesce(store_id, ''), count(*)
      from consumptions where refunded_at is null
      group by 1, 2, 3, 4, 5`);
  }
}
