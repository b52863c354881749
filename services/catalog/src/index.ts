export { CatalogModule } from './catalog.module.js';
export { catalogDatabase } from './catalog.database.js';
export { seedCatalog } from './demo/seed-catalog.js';
export { republishCrossReferences } from './cross-references/index.js';
