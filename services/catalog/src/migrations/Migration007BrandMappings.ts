import { Migration } from '@mikro-orm/migrations';

/** issue 18: the stores' brand mappings to PIES brands as integrations announces them (a store's PIES import resolves labels through them). */
export class Migration007BrandMappings extends Migration {
  override name = 'Migration007BrandMappings';

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
    this.addSql(`alter table catalog_imports add column store_id uuid`);
  }
}
