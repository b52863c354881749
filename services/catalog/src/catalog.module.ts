import { Module, type OnModuleInit } from '@nestjs/common';
import { ApiRoutes, ContextDatabaseModule } from '@tuerca/platform';
import { catalogDatabase } from './catalog.database.js';
import { BROWSE_CONTROLLERS, BROWSE_PROVIDERS, browseRoutes } from './browse/index.js';
import { LOOKUP_CONTROLLERS, LOOKUP_PROVIDERS, lookupRoutes } from './lookup/index.js';
import { SsdCodec } from './ssd.js';

/**
 * Catalogue: original-parts catalogues (version 2 API), VIN and frame lookup, OEM drill-down,
 * substitutions. Not yet part of the app's CONTEXT_ENTRIES: it is being built (issue 4).
 */
@Module({
  imports: [ContextDatabaseModule.forContext(catalogDatabase)],
  controllers: [...BROWSE_CONTROLLERS, ...LOOKUP_CONTROLLERS],
  providers: [SsdCodec, ...BROWSE_PROVIDERS, ...LOOKUP_PROVIDERS],
})
export class CatalogModule implements OnModuleInit {
  constructor(private readonly routes: ApiRoutes) {}

  onModuleInit(): void {
    this.routes.register(...browseRoutes, ...lookupRoutes);
  }
}
