import type { SelectQueryBuilder } from 'kysely';
import type { GeneralFilter, SearchesFilter } from '@tuerca/contracts';
import { likePattern } from '@tuerca/platform';
import type { AnalyticsDB } from '../analytics.database.js';

/** The filters the analysts' endpoints share, over the searches (days are America/Bogota days). */
export function filterSearches<O>(
  q: SelectQueryBuilder<AnalyticsDB, 'Search', O>,
  f: GeneralFilter & Partial<Pick<SearchesFilter, 'found' | 'q'>>,
): SelectQueryBuilder<AnalyticsDB, 'Search', O> {
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.catalogCode) q = q.where('catalogCode', '=', f.catalogCode);
  if (f.from) q = q.where('day', '>=', f.from);
  if (f.to) q = q.where('day', '<=', f.to);
  if (f.found !== undefined) q = q.where('found', '=', f.found);
  if (f.q) q = q.where('query', 'ilike', likePattern(f.q));
  return q;
}

/** The same filters over the daily aggregate (which has no free text). */
export function filterDays<O>(
  q: SelectQueryBuilder<AnalyticsDB, 'SearchDay', O>,
  f: GeneralFilter,
): SelectQueryBuilder<AnalyticsDB, 'SearchDay', O> {
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.catalogCode) q = q.where('catalogCode', '=', f.catalogCode);
  if (f.from) q = q.where('day', '>=', f.from);
  if (f.to) q = q.where('day', '<=', f.to);
  return q;
}
