export { AnalyticsModule } from './analytics.module.js';
export { analyticsDatabase, type AnalyticsDB } from './analytics.database.js';
export { RecordSearch } from './searches/record-search.command.js';
export { bogotaDay, searchFactOf, searchFactsOf, searchIdOf } from './searches/searches.rules.js';
