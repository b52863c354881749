import { Migration } from '@mikro-orm/migrations';

/** Auto Care imports: ACES vehicle applications, PIES product information and the log of every file received. */
export class Migration003Imports extends Migration {
  override name = 'Migration003Imports';

  override up(): void {
    this.addSql(`
      create table catalog_imports (
        id uuid primary key,
        kind text not null check (kind in ('aces', 'pies')),
        file_name text not null,
        status text not null check (status in ('imported', 'rejected')),
        record_count_declared int,
        record_count_parsed int not null,
        error_count int not null default 0,
        -- The first errors found (at most MAX_STORED_ERRORS), each { path, message } in Spanish.
        errors jsonb not null default '[]',
        created_by text not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index catalog_imports_created on catalog_imports (created_at desc)`);
    this.addSql(`
      create table aces_applications (
        app_id text primary key,
        action text not null check (action in ('A')),
        base_vehicle_id int not null,
        engine_base_id int,
        submodel_id int,
        qualifiers jsonb not null default '[]',
        qty int not null check (qty > 0),
        part_type_id int not null,
        position_id int,
        note text,
        part_number text not null,
        brand_aaiaid text not null,
        import_id uuid not null references catalog_imports (id)
      )`);
    this.addSql(`create index aces_applications_vehicle on aces_applications (base_vehicle_id)`);
    this.addSql(`create index aces_applications_part on aces_applications (brand_aaiaid, part_number)`);
    this.addSql(`
      create table pies_items (
        part_number text not null,
        brand_aaiaid text not null,
        part_terminology_id int not null,
        descriptions jsonb not null default '[]',
        prices jsonb not null default '[]',
        attributes jsonb not null default '[]',
        import_id uuid not null references catalog_imports (id),
        primary key (brand_aaiaid, part_number)
      )`);
  }
}
