import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotent metering with compensation, and time-based duties as rows:
 * - a consumption is unique per person, request, kind and subject among those not refunded, so a retried
 *   request charges once, one request may consult several subjects, and a refunded charge lets its retry
 *   charge again; counters count only what was not refunded;
 * - a balance carries its reminder's time and whether it was sent; partial indexes find the due duties.
 */
export class Migration005DutiesAndRefunds extends Migration {
  override name = 'Migration005DutiesAndRefunds';

  override up(): void {
    this.addSql(`alter table consumptions add column refunded_at timestamptz`);
    this.addSql(`alter table consumptions drop constraint consumptions_owner_kind_owner_id_request_id_key`);
    this.addSql(
      `create unique index consumptions_request on consumptions (owner_kind, owner_id, request_id, kind, subject) where refunded_at is null`,
    );
    this.addSql(`drop index consumptions_counter`);
    this.addSql(`create index consumptions_counter on consumptions (owner_kind, owner_id, kind, consumed_at) where refunded_at is null`);

    this.addSql(`alter table balances add column remind_at timestamptz, add column reminded_at timestamptz`);
    // Balances credited before: reminded the default 3 days before their end, when that is still ahead.
    this.addSql(
      `update balances set remind_at = expires_at - interval '3 days' where expired_at is null and expires_at - interval '3 days' > now()`,
    );
    this.addSql(`create index balances_expiry_due on balances (expires_at) where expired_at is null`);
    this.addSql(`create index balances_reminder_due on balances (remind_at) where reminded_at is null and remind_at is not null`);
  }
}
