import { Migration } from '@mikro-orm/migrations';

/** The old searches as CatalogSearched outbox rows (exported for the analytics context's test of the move). */
export const RECORD_SEARCH_HISTORY_SQL = `
      do $$
      declare
        in_log text := '';
      begin
        if to_regclass('platform.event_log') is not null then
          in_log := ' and not exists (select 1 from platform.event_log l where l.event_id = s.event_id)';
        end if;
        execute '
          insert into outbox_events (event_id, type, version, topic, aggregate_id, envelope, created_at)
          select s.event_id, ''CatalogSearched'', 1, ''tuerca.catalog.catalog-searched.v1'', s.kind || '':'' || s.query,
            jsonb_build_object(
              ''eventId'', s.event_id,
              ''type'', ''CatalogSearched'',
              ''version'', 1,
              ''occurredAt'', to_char(s.occurred_at at time zone ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.MS"Z"''),
              ''aggregateId'', s.kind || '':'' || s.query,
              ''actor'', jsonb_build_object(''kind'', ''system'', ''id'', ''catalog-analytics-history''),
              ''payload'', jsonb_build_object(
                ''kind'', s.kind, ''query'', s.query, ''personKind'', s.person_kind, ''catalogCode'', s.catalog_code,
                ''found'', s.found, ''resultCount'', s.result_count, ''latencyMs'', s.latency_ms, ''make'', c.brand
              )
            ),
            now()
          from search_analytics_searches s
          left join catalogs c on c.code = s.catalog_code
          where not exists (select 1 from outbox_events o where o.event_id = s.event_id)' || in_log || '
          order by s.occurred_at, s.event_id';
      end $$`;

export const DROP_SEARCH_ANALYTICS_SQL = [`drop table search_analytics_daily`, `drop table search_analytics_searches`];

/**
 * The search analytics moved to the analytics context (issue 23), which reads no other context's tables: its
 * read model comes from events only. Its new consumer group reads the log from its start, so every
 * CatalogSearched still in the log reaches it as it is. The searches this context kept longer than the log
 * (retention prunes events after EVENT_RETENTION_DAYS) are recorded again here, in this context's own outbox,
 * as the CatalogSearched they were: the same event id (analytics applies an id once), time, kind, query,
 * person kind, catalogue, counts, and the catalogue's make. Searches still in the outbox or in the postgres
 * transport's log are left to the log (a second row with their id would stop the relay). Then the old tables go.
 */
export class Migration008AnalyticsMoved extends Migration {
  override name = 'Migration008AnalyticsMoved';

  override up(): void {
    this.addSql(RECORD_SEARCH_HISTORY_SQL);
    this.addSql(DROP_SEARCH_ANALYTICS_SQL[0]!);
    this.addSql(DROP_SEARCH_ANALYTICS_SQL[1]!);
  }
}
