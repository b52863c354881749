import { Migration } from '@mikro-orm/migrations';

export class Migration001Catalog extends Migration {
  override name = 'Migration001Catalog';

  override up(): void {
    this.addSql(`
      create table catalogs (
        code text primary key,
        catalog_id text not null unique,
        brand text not null,
        make_key text not null,
        name text not null,
        features text[] not null default '{}'
      )`);
    this.addSql(`
      create table vehicles (
        vehicle_id text primary key,
        platform_id text not null,
        catalog_code text not null references catalogs (code),
        brand text not null,
        name text not null,
        year_from int not null,
        year_to int not null,
        market text not null,
        attributes jsonb not null default '[]'
      )`);
    this.addSql(`create index vehicles_catalog on vehicles (catalog_code)`);
    this.addSql(`create index vehicles_platform on vehicles (platform_id)`);
    // The catalogue's own VIN and frame index comes first; NHTSA vPIC decoding is the fallback.
    this.addSql(`create table vehicle_vins (vin text primary key, vehicle_id text not null)`);
    this.addSql(`create table vehicle_frames (frame text primary key, vehicle_id text not null)`);
    this.addSql(`
      create table categories (
        category_id text primary key,
        key text not null unique,
        code text not null,
        name_es text not null,
        name_en text not null,
        parent_key text,
        sort int not null
      )`);
    this.addSql(`
      create table quick_groups (
        quick_group_id text primary key,
        key text not null unique,
        name_es text not null,
        name_en text not null,
        parent_id text,
        depth int not null check (depth between 1 and 4),
        part_types text[] not null default '{}',
        sort int not null
      )`);
    this.addSql(`
      create table units (
        unit_id text primary key,
        platform_id text not null,
        catalog_code text not null,
        category_key text not null,
        category_id text not null,
        code text not null,
        name_es text not null,
        name_en text not null,
        image_map jsonb not null,
        svg text not null
      )`);
    this.addSql(`create index units_platform on units (platform_id, category_key)`);
    this.addSql(`
      create table parts (
        part_id text primary key,
        unit_id text not null,
        platform_id text not null,
        catalog_code text not null,
        manufacturer text not null,
        code_on_image text not null,
        oem text not null,
        oem_normalized text not null,
        part_type text not null,
        name_es text not null,
        name_en text not null,
        amount int not null,
        shared boolean not null
      )`);
    this.addSql(`create index parts_unit on parts (unit_id)`);
    this.addSql(`create index parts_oem on parts (oem_normalized)`);
    this.addSql(`create index parts_platform_type on parts (platform_id, part_type)`);
    this.addSql(`
      create table cross_references (
        id text primary key,
        oem text not null,
        oem_normalized text not null,
        manufacturer text not null,
        catalog_code text not null,
        part_type text not null,
        type text not null check (type in ('duplicate', 'replacement', 'part whole', 'tuning', 'synonym', 'code')),
        way text not null check (way in ('forward', 'backward', 'bidirectional')),
        part_manufacturer text not null,
        part_formatted text not null,
        part_normalized text not null,
        part_name text not null
      )`);
    this.addSql(`create index cross_references_oem on cross_references (oem_normalized)`);
    this.addSql(`create index cross_references_part on cross_references (part_normalized)`);
    this.addSql(`
      create table error_reports (
        id uuid primary key,
        error_message text not null check (char_length(error_message) <= 1024),
        reference text,
        url text,
        reporter_kind text not null,
        reporter_id text not null,
        created_at timestamptz not null default now(),
        resolved_at timestamptz
      )`);
  }
}
