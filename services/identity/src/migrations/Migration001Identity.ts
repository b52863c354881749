import { Migration } from '@mikro-orm/migrations';

export class Migration001Identity extends Migration {
  override name = 'Migration001Identity';

  override up(): void {
    this.addSql(`
      create table users (
        id uuid primary key,
        email text not null unique,
        password_hash text not null,
        name text,
        mobile text,
        roles text[] not null default '{customer}',
        download_parts_catalog boolean not null default false,
        sign_up_completed boolean not null default false,
        country text not null default 'CO' check (country in ('CO', 'MX')),
        store_id uuid,
        active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        last_login_at timestamptz
      )`);
    this.addSql(`create index users_store_id_index on users (store_id)`);
    this.addSql(`
      create table sessions (
        token_hash text primary key,
        user_id uuid not null references users (id) on delete cascade,
        guest_id text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        ip text,
        user_agent text
      )`);
    this.addSql(`create index sessions_user_id_index on sessions (user_id)`);
  }
}
