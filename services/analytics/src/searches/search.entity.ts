import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SearchKind } from '@tuerca/contracts';

/**
 * One row per search event (CatalogSearched, ProductsSearched, PlateLookedUp): the analysts' searches read model.
 * `day` is the calendar day in America/Bogota; a plate lookup keeps an empty `query` (DESIGN §5: no plate, no VIN).
 */
export const Search = defineEntity({
  name: 'Search',
  tableName: 'searches',
  properties: {
    eventId: p.uuid().primary(),
    occurredAt: p.datetime(),
    day: p.date(),
    kind: p.text().$type<SearchKind>(),
    query: p.text(),
    personKind: p.text().$type<'guest' | 'user'>(),
    catalogCode: p.text().nullable(),
    make: p.text().nullable(),
    country: p.text().nullable(),
    found: p.boolean(),
    resultCount: p.integer(),
    latencyMs: p.integer(),
  },
  indexes: [
    { name: 'searches_recent', expression: 'create index searches_recent on searches (occurred_at desc, event_id)' },
    { name: 'searches_day', properties: ['day', 'kind'] },
    { name: 'searches_query', properties: ['kind', 'query'] },
    { name: 'searches_catalog', expression: 'create index searches_catalog on searches (catalog_code, occurred_at desc)' },
  ],
});
export type Search = InferEntity<typeof Search>;

/** The daily aggregate (per day, kind, catalogue, make and found): '' stands for "none" so it can be part of the key. */
export const SearchDay = defineEntity({
  name: 'SearchDay',
  tableName: 'search_days',
  properties: {
    day: p.date().primary(),
    kind: p.text().$type<SearchKind>().primary(),
    catalogCode: p.text().primary(),
    make: p.text().primary(),
    found: p.boolean().primary(),
    count: p.integer(),
    latencySumMs: p.bigint('number'),
  },
});
export type SearchDay = InferEntity<typeof SearchDay>;
