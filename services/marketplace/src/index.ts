export { MarketplaceModule } from './marketplace.module.js';
export { marketplaceDatabase } from './marketplace.database.js';
export { seedMarketplace, type SeedMarketplaceOptions } from './demo/seed-marketplace.js';
export { marketplaceConfig } from './marketplace.config.js';
