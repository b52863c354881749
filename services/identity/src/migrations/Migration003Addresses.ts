import { Migration } from '@mikro-orm/migrations';

/** A person's shipping addresses (/api/users/userAdditionalAddress): at most one default per person. */
export class Migration003Addresses extends Migration {
  override name = 'Migration003Addresses';

  override up(): void {
    this.addSql(`
      create table addresses (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        country text not null check (country in ('CO', 'MX')),
        label text,
        receiver_name text not null,
        phone text not null,
        region_code text not null,
        region_name text not null,
        city_code text,
        city_name text not null,
        neighborhood text,
        postal_code text,
        address_line text not null,
        notes text,
        is_default boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index addresses_user_id_index on addresses (user_id)`);
    this.addSql(`create unique index addresses_one_default on addresses (user_id) where is_default`);
  }

  override down(): void {
    this.addSql(`drop table if exists addresses`);
  }
}
