import { Migration } from '@mikro-orm/migrations';

/**
 * Registrations waiting for their e-mail link: the account is created only when the link is opened, so
 * nobody can hold an address they do not read, and the registration answer never says which e-mails have
 * an account.
 */
export class Migration004Registrations extends Migration {
  override name = 'Migration004Registrations';

  override up(): void {
    this.addSql(`
      create table registrations (
        id uuid primary key,
        token_hash text not null,
        email text not null,
        password_hash text not null,
        name text not null,
        mobile text,
        role text not null,
        country text not null check (country in ('CO', 'MX')),
        guest_id text,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz,
        constraint registrations_token_hash_key unique (token_hash)
      )`);
    this.addSql(`create index registrations_email on registrations (email, created_at desc)`);
  }

  override down(): void {
    this.addSql(`drop table if exists registrations`);
  }
}
