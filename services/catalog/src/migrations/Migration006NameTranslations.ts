import { Migration } from '@mikro-orm/migrations';

/** Catalogue names in the languages beyond Spanish and English (spec 001 §9), by the Spanish name. */
export class Migration006NameTranslations extends Migration {
  override name = 'Migration006NameTranslations';

  override up(): void {
    this.addSql(`create table name_translations (
        language text not null,
        name_es text not null,
        name text not null,
        primary key (language, name_es)
      )`);
  }
}
