import { Migration } from '@mikro-orm/migrations';

export class Migration001Billing extends Migration {
  override name = 'Migration001Billing';

  override up(): void {
    this.addSql(`
      create table app_parameters (
        name text primary key,
        value jsonb not null,
        updated_at timestamptz not null default now(),
        updated_by text not null
      )`);
    this.addSql(`
      create table app_parameter_changes (
        id bigserial primary key,
        name text not null,
        value jsonb not null,
        previous jsonb,
        changed_by text not null,
        changed_at timestamptz not null default now()
      )`);
    this.addSql(`create index app_parameter_changes_name on app_parameter_changes (name, changed_at desc)`);
    this.addSql(`
      create table charging_plans (
        id uuid primary key,
        title text not null,
        description text not null default '',
        amount int not null check (amount > 0),
        price numeric(14, 2) not null check (price > 0),
        currency text not null check (currency in ('COP', 'MXN')),
        transaction_type text not null,
        validity_days int not null check (validity_days > 0),
        store_plan boolean not null default false,
        active boolean not null default true,
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index charging_plans_type on charging_plans (transaction_type, active) where deleted_at is null`);
    this.addSql(`
      create table balances (
        id uuid primary key,
        user_id text not null,
        type text not null,
        amount int not null check (amount > 0),
        remaining int not null check (remaining >= 0),
        source text not null check (source in ('purchase', 'trial', 'manual')),
        payment_id uuid,
        reason text,
        credited_by text,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        expired_at timestamptz
      )`);
    this.addSql(`create index balances_spendable on balances (user_id, type, expires_at) where remaining > 0`);
    this.addSql(`
      create table consumptions (
        id uuid primary key,
        owner_kind text not null check (owner_kind in ('guest', 'user')),
        owner_id text not null,
        kind text not null check (kind in ('substitutions', 'catalog', 'plate')),
        subject text not null,
        store_id text,
        charged_from text not null check (charged_from in ('free', 'balance', 'general')),
        balance_id uuid,
        request_id text not null,
        consumed_at timestamptz not null,
        unique (owner_kind, owner_id, request_id)
      )`);
    this.addSql(`create index consumptions_counter on consumptions (owner_kind, owner_id, kind, consumed_at)`);
    this.addSql(`
      create table browsing_windows (
        owner_kind text not null,
        owner_id text not null,
        kind text not null,
        subject text not null,
        opened_at timestamptz not null,
        expires_at timestamptz not null,
        primary key (owner_kind, owner_id, kind, subject)
      )`);
    this.addSql(`
      create table trials (
        user_id text not null,
        type text not null,
        balance_id uuid not null,
        requested_at timestamptz not null,
        primary key (user_id, type)
      )`);
    this.addSql(`
      create table payments (
        id uuid primary key,
        reference text not null unique,
        user_id text not null,
        plan_id uuid not null references charging_plans (id),
        type text not null,
        consultations int not null,
        validity_days int not null,
        amount_in_cents bigint not null check (amount_in_cents > 0),
        currency text not null,
        status text not null check (status in ('PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR')),
        gateway_transaction_id text,
        balance_id uuid,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        finalized_at timestamptz
      )`);
    this.addSql(`create index payments_user on payments (user_id, created_at desc)`);
    this.addSql(`
      create table payment_events (
        id bigserial primary key,
        payment_id uuid references payments (id),
        reference text,
        status text,
        outcome text not null,
        payload jsonb not null,
        received_at timestamptz not null default now()
      )`);
    // Read model fed by ConsultationConsumed: daily counters per person, kind and store.
    this.addSql(`
      create table quota_counters (
        owner_kind text not null,
        owner_id text not null,
        kind text not null,
        store_id text not null default '',
        day date not null,
        count int not null,
        primary key (owner_kind, owner_id, kind, store_id, day)
      )`);
  }
}
