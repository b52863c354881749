export { CatalogModule } from './catalog.module.js';
export { catalogDatabase } from './catalog.database.js';
export { seedCatalog } from './demo/seed-catalog.js';
export { SearchRecorder } from './searches/search-recorder.js';
export { republishCrossReferences } from './cross-references/index.js';
export { DROP_SEARCH_ANALYTICS_SQL, RECORD_SEARCH_HISTORY_SQL } from './migrations/Migration008AnalyticsMoved.js';
