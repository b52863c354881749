import { Migration } from '@mikro-orm/migrations';

/** Indexes for the operator console: balances newest first and per person, metrics per day. */
export class Migration003AdminConsole extends Migration {
  override name = 'Migration003AdminConsole';

  override up(): void {
    this.addSql(`create index balances_created_at on balances (created_at desc, id desc)`);
    this.addSql(`create index balances_user_created on balances (user_id, created_at desc)`);
    this.addSql(`create index consumptions_consumed_at on consumptions (consumed_at)`);
    this.addSql(`create index payments_approved_finalized_at on payments (finalized_at) where status = 'APPROVED'`);
    this.addSql(`create index charging_plans_created_at on charging_plans (created_at desc, id desc)`);
  }

  override down(): void {
    for (const index of [
      'charging_plans_created_at',
      'payments_approved_finalized_at',
      'consumptions_consumed_at',
      'balances_user_created',
      'balances_created_at',
    ])
      this.addSql(`drop index if exists ${index}`);
  }
}
