import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SearchKind } from '@tuerca/contracts';

/** One row per CatalogSearched event (the search-analytics read model); `day` is the calendar day in America/Bogota. */
export const SearchAnalyticsSearch = defineEntity({
  name: 'SearchAnalyticsSearch',
  tableName: 'search_analytics_searches',
  properties: {
    eventId: p.uuid().primary(),
    occurredAt: p.datetime(),
    day: p.date(),
    kind: p.text().$type<SearchKind>(),
    query: p.text(),
    personKind: p.text().$type<'guest' | 'user'>(),
    catalogCode: p.text().nullable(),
    found: p.boolean(),
    resultCount: p.integer(),
    latencyMs: p.integer(),
  },
  indexes: [
    {
      name: 'search_analytics_searches_recent',
      expression: 'create index search_analytics_searches_recent on search_analytics_searches (occurred_at desc, event_id)',
    },
    { name: 'search_analytics_searches_day', properties: ['day', 'kind'] },
    { name: 'search_analytics_searches_query', properties: ['kind', 'query'] },
    {
      name: 'search_analytics_searches_catalog',
      expression: 'create index search_analytics_searches_catalog on search_analytics_searches (catalog_code, occurred_at desc)',
    },
  ],
});
export type SearchAnalyticsSearch = InferEntity<typeof SearchAnalyticsSearch>;

/** The daily aggregate of searches: '' stands for "no catalogue" so it can be part of the key. */
export const SearchAnalyticsDaily = defineEntity({
  name: 'SearchAnalyticsDaily',
  tableName: 'search_analytics_daily',
  properties: {
    day: p.date().primary(),
    kind: p.text().$type<SearchKind>().primary(),
    catalogCode: p.text().primary(),
    found: p.boolean().primary(),
    count: p.integer(),
    latencySumMs: p.bigint('number'),
  },
});
export type SearchAnalyticsDaily = InferEntity<typeof SearchAnalyticsDaily>;
