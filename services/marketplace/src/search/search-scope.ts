import { sql, type RawBuilder } from 'kysely';

/** Where a read looks: a virtual store's own products (its path prefix), or the marketplace of a country. */
export interface SearchScope {
  /** Virtual store the person browses (its path prefix), or the marketplace when null. */
  pathPrefix: string | null;
  /** The person's country: the marketplace shows its stores (one currency per result list). */
  country: 'CO' | 'MX';
}

/** The scope over `product_search p`: virtual stores' products stay in their stores, out of the marketplace's results. */
export function scopeSql(scope: SearchScope): RawBuilder<boolean> {
  return scope.pathPrefix
    ? sql<boolean>`p.store_path_prefix = ${scope.pathPrefix}`
    : sql<boolean>`not p.store_is_virtual and p.store_country = ${scope.country}`;
}
