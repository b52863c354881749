import { Migration } from '@mikro-orm/migrations';

/**
 * issue 18: the stores' brand mappings to PIES brands as integrations announces them (the spreadsheet import
 * resolves brands through them), and the import's per-row warnings (a brand label left unmapped).
 */
export class Migration013BrandMappings extends Migration {
  override name = 'Migration013BrandMappings';

  override up(): void {
    this.addSql(`
      create table brand_mappings (
        id uuid primary key,
        store_id uuid not null,
        brand_key text not null,
        product_brand text not null,
        brand_aaiaid text not null,
        brand_name text not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index brand_mappings_store_key on brand_mappings (store_id, brand_key)`);
    this.addSql(`alter table product_imports add column warning_count integer not null default 0`);
    this.addSql(`alter table product_imports add column warnings jsonb not null default '[]'`);
  }
}
