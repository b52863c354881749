import { Migration } from '@mikro-orm/migrations';

/**
 * ACES applications keyed by (source, App id): every ACES file numbers its applications from 1, so a second
 * brand's file used to overwrite the first's rows. Attributes the importer does not map are kept with the
 * application, and an import keeps its warnings.
 */
export class Migration005AcesSources extends Migration {
  override name = 'Migration005AcesSources';

  override up(): void {
    // Rows imported before carry their part's brand as their source: the best name the old rows have.
    this.addSql(`alter table aces_applications add column source text`);
    this.addSql(`update aces_applications set source = upper(brand_aaiaid)`);
    this.addSql(`alter table aces_applications alter column source set not null`);
    this.addSql(`alter table aces_applications drop constraint aces_applications_pkey`);
    this.addSql(`alter table aces_applications add constraint aces_applications_pkey primary key (source, app_id)`);
    this.addSql(`alter table aces_applications add column attributes jsonb not null default '[]'`);
    this.addSql(`alter table catalog_imports add column source text`);
    this.addSql(`alter table catalog_imports add column warning_count int not null default 0`);
    this.addSql(`alter table catalog_imports add column warnings jsonb not null default '[]'`);
  }
}
