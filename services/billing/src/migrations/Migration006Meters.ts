import { Migration } from '@mikro-orm/migrations';

/**
 * One row per person and metered kind, whose version every charge and refund moves: a charge checks the
 * version its decision was read at and moves it in the same statement (compare-and-set), so the window
 * check and the decision are lock-free reads and the charge is one round trip.
 */
export class Migration006Meters extends Migration {
  override name = 'Migration006Meters';

  override up(): void {
    this.addSql(`
      create table meters (
        owner_kind text not null,
        owner_id text not null,
        kind text not null,
        version bigint not null,
        primary key (owner_kind, owner_id, kind)
      )`);
  }
}
