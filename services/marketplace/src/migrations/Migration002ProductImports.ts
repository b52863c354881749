import { Migration } from '@mikro-orm/migrations';

/**
 * Sellers' spreadsheet imports (xlsx/csv): the uploaded file waits here (content) until the
 * product-import job has written it in full or rejected it; then only the outcome stays.
 */
export class Migration002ProductImports extends Migration {
  override name = 'Migration002ProductImports';

  override up(): void {
    this.addSql(`
      create table product_imports (
        id uuid primary key,
        store_id uuid not null references stores (id),
        file_name text not null,
        format text not null check (format in ('csv', 'xlsx')),
        status text not null check (status in ('queued', 'running', 'imported', 'rejected')),
        progress smallint not null default 0 check (progress between 0 and 100),
        row_count int not null default 0,
        inserted int not null default 0,
        updated int not null default 0,
        error_count int not null default 0,
        errors jsonb not null default '[]',
        content bytea,
        created_by text not null,
        created_at timestamptz not null default now(),
        finished_at timestamptz
      )`);
    this.addSql(`create index product_imports_store on product_imports (store_id, created_at desc)`);
    this.addSql(`create index product_imports_created on product_imports (created_at desc)`);
  }
}
