import { Migration } from '@mikro-orm/migrations';

export class Migration001Garage extends Migration {
  override name = 'Migration001Garage';

  override up(): void {
    this.addSql(`
      create table vehicle_brands (
        id text primary key,
        name text not null unique,
        active boolean not null default true,
        country_of_origin text,
        logo_file text,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table vehicles (
        id uuid primary key,
        user_id text not null,
        country text not null check (country in ('CO', 'MX')),
        brand_id text,
        brand text not null,
        model text not null,
        year int not null check (year between 1901 and 2155),
        vin text,
        license_plate text not null,
        cylinder_capacity text not null,
        class text,
        body_type text,
        number_of_doors int,
        complement text check (char_length(complement) <= 512),
        is_verified boolean not null default false,
        is_test boolean not null default false,
        details jsonb not null default '{}',
        property_card_image text,
        source text not null check (source in ('manual', 'plate-lookup')),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted_at timestamptz
      )`);
    this.addSql(`create unique index vehicles_user_plate on vehicles (user_id, license_plate) where deleted_at is null`);
    this.addSql(`create index vehicles_user on vehicles (user_id, created_at desc) where deleted_at is null`);
    this.addSql(`
      create table vehicle_images (
        id uuid primary key,
        vehicle_id uuid not null references vehicles (id),
        user_id text not null,
        kind text not null check (kind in ('photo', 'property_card')),
        file_name text not null,
        content_type text not null,
        size_bytes int not null,
        created_at timestamptz not null
      )`);
    this.addSql(`create index vehicle_images_vehicle on vehicle_images (vehicle_id)`);
    // The national registry the built-in plate provider answers from (RUNT-like for CO, REPUVE-like for MX).
    this.addSql(`
      create table registry_vehicles (
        country text not null check (country in ('CO', 'MX')),
        plate text not null,
        vin text not null,
        make_key text not null,
        make text not null,
        model text not null,
        year int not null,
        engine_code text,
        engine_number text,
        chassis_number text,
        cylinder_capacity int,
        cylinders int,
        fuel text,
        vehicle_class text,
        body_type text,
        doors int,
        color text,
        city text,
        country_of_origin text,
        primary key (country, plate)
      )`);
    // Read model fed by the catalogue's events: whether a VIN opens a catalogue (vehicle card buttons).
    this.addSql(`
      create table vin_catalog (
        vin text primary key,
        has_catalog boolean not null,
        catalog_code text,
        updated_at timestamptz not null default now()
      )`);
    // Solved human-check challenges, so each is accepted once.
    this.addSql(`
      create table captcha_spent (
        signature text primary key,
        spent_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`);
  }
}
