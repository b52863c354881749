import { Migration } from '@mikro-orm/migrations';

/**
 * issue 18 / spec 000 §2–§3 "marketplace-integration plans, free publications in ML": billing's plan credits of
 * type marketplace_integration (ConsultationsCredited) and identity's store membership (UserUpdated), so the
 * publication cap knows whether a store bought a plan.
 */
export class Migration002IntegrationPlans extends Migration {
  override name = 'Migration002IntegrationPlans';

  override up(): void {
    this.addSql(`
      create table integration_plans (
        balance_id uuid primary key,
        user_id text not null,
        amount integer not null,
        source text not null,
        expires_at timestamptz not null,
        credited_at timestamptz not null
      )`);
    this.addSql(`create index integration_plans_user on integration_plans (user_id, expires_at)`);
    this.addSql(`create table store_members (user_id text primary key, store_id uuid, updated_at timestamptz not null)`);
    this.addSql(`create index store_members_store on store_members (store_id)`);
  }
}
