import { Migration } from '@mikro-orm/migrations';

/**
 * Payments of marketplace transactions beside plan payments, in the one `payments` table the gateway's
 * events are matched against (one reference space, one gateway transaction per payment). A marketplace
 * payment has no plan; it names its transaction, store and sale reference, and expires unpaid.
 */
export class Migration004MarketplacePayments extends Migration {
  override name = 'Migration004MarketplacePayments';

  override up(): void {
    this.addSql(`alter table payments add column purpose text not null default 'plan'`);
    this.addSql(`alter table payments add constraint payments_purpose_check check (purpose in ('plan', 'marketplace'))`);
    this.addSql(`alter table payments alter column purpose drop default`);
    for (const column of ['plan_id', 'type', 'consultations', 'validity_days'])
      this.addSql(`alter table payments alter column ${column} drop not null`);
    this.addSql(`
      alter table payments
        add column transaction_id uuid,
        add column ref_venta text,
        add column store_id uuid,
        add column store_name text,
        add column return_url text,
        add column kind text,
        add column expires_at timestamptz`);
    this.addSql(`alter table payments add constraint payments_kind_check check (kind in ('checkout', 'link'))`);
    this.addSql(`alter table payments drop constraint payments_status_check`);
    this.addSql(
      `alter table payments add constraint payments_status_check check (status in ('PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR', 'EXPIRED'))`,
    );
    // A plan payment names its plan and what it credits; a marketplace payment its transaction and its end.
    this.addSql(`
      alter table payments add constraint payments_purpose_fields_check check (
        (purpose = 'plan' and plan_id is not null and type is not null and consultations is not null and validity_days is not null)
        or (purpose = 'marketplace' and transaction_id is not null and ref_venta is not null and store_id is not null
            and store_name is not null and return_url is not null and kind is not null and expires_at is not null))`);
    // One open payment per transaction: asking again answers it; an expired or failed one gives way to a new one.
    this.addSql(`create unique index payments_open_transaction on payments (transaction_id) where status = 'PENDING'`);
    this.addSql(`create index payments_transaction on payments (transaction_id, created_at desc) where transaction_id is not null`);
    // The expiry duty of unpaid marketplace payments (the row is the duty; a job is its alarm clock).
    this.addSql(`create index payments_pending_expiry on payments (expires_at) where status = 'PENDING' and expires_at is not null`);
  }
}
