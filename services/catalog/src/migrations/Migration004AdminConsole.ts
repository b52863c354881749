import { Migration } from '@mikro-orm/migrations';

/** The operator console: who resolved an error report, and indexes for its lists. */
export class Migration004AdminConsole extends Migration {
  override name = 'Migration004AdminConsole';

  override up(): void {
    this.addSql(`alter table error_reports add column resolved_by text`);
    this.addSql(`create index error_reports_created_at on error_reports (created_at desc, id desc)`);
    this.addSql(`create index error_reports_pending on error_reports (created_at desc) where resolved_at is null`);
    this.addSql(`create index search_analytics_searches_catalog on search_analytics_searches (catalog_code, occurred_at desc)`);
  }

  override down(): void {
    this.addSql(`drop index if exists search_analytics_searches_catalog`);
    this.addSql(`drop index if exists error_reports_pending`);
    this.addSql(`drop index if exists error_reports_created_at`);
    this.addSql(`alter table error_reports drop column if exists resolved_by`);
  }
}
