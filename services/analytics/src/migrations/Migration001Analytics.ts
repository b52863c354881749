import { Migration } from '@mikro-orm/migrations';

/**
 * The searches read model (consumer group 'searches': CatalogSearched, ProductsSearched, PlateLookedUp). Its rows
 * come from events only: a new group reads the log from its start, and the catalogue's former tables were
 * re-recorded as CatalogSearched by the catalogue's Migration008AnalyticsMoved (README "Moving the catalogue's history").
 */
export class Migration001Analytics extends Migration {
  override name = 'Migration001Analytics';

  override up(): void {
    this.addSql(`
      create table searches (
        event_id uuid primary key,
        occurred_at timestamptz not null,
        day date not null,
        kind text not null,
        query text not null,
        person_kind text not null,
        catalog_code text,
        make text,
        country text,
        found boolean not null,
        result_count int not null,
        latency_ms int not null
      )`);
    this.addSql(`create index searches_recent on searches (occurred_at desc, event_id)`);
    this.addSql(`create index searches_day on searches (day, kind)`);
    this.addSql(`create index searches_query on searches (kind, query)`);
    this.addSql(`create index searches_catalog on searches (catalog_code, occurred_at desc)`);
    this.addSql(`
      create table search_days (
        day date not null,
        kind text not null,
        catalog_code text not null,
        make text not null,
        found boolean not null,
        count int not null,
        latency_sum_ms bigint not null,
        primary key (day, kind, catalog_code, make, found)
      )`);
  }

  override down(): void {
    this.addSql(`drop table if exists search_days`);
    this.addSql(`drop table if exists searches`);
  }
}
