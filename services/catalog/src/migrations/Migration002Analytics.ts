import { Migration } from '@mikro-orm/migrations';

/** Search analytics read model (consumer group 'search-analytics', fed by CatalogSearched). */
export class Migration002Analytics extends Migration {
  override name = 'Migration002Analytics';

  override up(): void {
    // One row per CatalogSearched event; `day` is the calendar day in America/Bogota.
    this.addSql(`
      create table search_analytics_searches (
        event_id uuid primary key,
        occurred_at timestamptz not null,
        day date not null,
        kind text not null,
        query text not null,
        person_kind text not null,
        catalog_code text,
        found boolean not null,
        result_count int not null,
        latency_ms int not null
      )`);
    this.addSql(`create index search_analytics_searches_recent on search_analytics_searches (occurred_at desc, event_id)`);
    this.addSql(`create index search_analytics_searches_day on search_analytics_searches (day, kind)`);
    this.addSql(`create index search_analytics_searches_query on search_analytics_searches (kind, query)`);
    // Daily aggregate: '' stands for "no catalogue" so it can be part of the key.
    this.addSql(`
      create table search_analytics_daily (
        day date not null,
        kind text not null,
        catalog_code text not null,
        found boolean not null,
        count int not null,
        latency_sum_ms bigint not null,
        primary key (day, kind, catalog_code, found)
      )`);
  }

  override down(): void {
    this.addSql(`drop table if exists search_analytics_daily`);
    this.addSql(`drop table if exists search_analytics_searches`);
  }
}
