import { Module, type OnModuleInit } from '@nestjs/common';
import { ApiRoutes, ContextDatabaseModule } from '@tuerca/platform';
import { catalogDatabase } from './catalog.database.js';
import { BROWSE_CONTROLLERS, BROWSE_PROVIDERS, browseRoutes } from './browse/index.js';
import { LOOKUP_CONTROLLERS, LOOKUP_PROVIDERS, lookupRoutes } from './lookup/index.js';
import { SsdCodec } from './ssd.js';
import { EXPORT_CONTROLLERS, EXPORT_PROVIDERS, exportRoutes } from './export/index.js';
import { ANALYTICS_CONTROLLERS, ANALYTICS_PROVIDERS, analyticsRoutes } from './analytics/index.js';
import { IMPORTS_CONTROLLERS, IMPORTS_PROVIDERS, importsRoutes } from './imports/index.js';
import { ADMIN_CONTROLLERS, ADMIN_PROVIDERS, adminCatalogRoutes } from './admin/index.js';
import { CROSS_REFERENCES_CONTROLLERS, CROSS_REFERENCES_PROVIDERS, crossReferencesRoutes } from './cross-references/index.js';

/**
 * Catalogue: original-parts catalogues (version 2 API), VIN and frame lookup, OEM drill-down,
 * substitutions. Not yet part of the app's CONTEXT_ENTRIES: it is being built (issue 4).
 */
@Module({
  imports: [ContextDatabaseModule.forContext(catalogDatabase)],
  controllers: [
    ...BROWSE_CONTROLLERS,
    ...LOOKUP_CONTROLLERS,
    ...EXPORT_CONTROLLERS,
    ...ANALYTICS_CONTROLLERS,
    ...IMPORTS_CONTROLLERS,
    ...ADMIN_CONTROLLERS,
    ...CROSS_REFERENCES_CONTROLLERS,
  ],
  providers: [
    SsdCodec,
    ...BROWSE_PROVIDERS,
    ...LOOKUP_PROVIDERS,
    ...EXPORT_PROVIDERS,
    ...ANALYTICS_PROVIDERS,
    ...IMPORTS_PROVIDERS,
    ...ADMIN_PROVIDERS,
    ...CROSS_REFERENCES_PROVIDERS,
  ],
})
export class CatalogModule implements OnModuleInit {
  constructor(private readonly routes: ApiRoutes) {}

  onModuleInit(): void {
    this.routes.register(
      ...browseRoutes,
      ...lookupRoutes,
      ...exportRoutes,
      ...analyticsRoutes,
      ...importsRoutes,
      ...adminCatalogRoutes,
      ...crossReferencesRoutes,
    );
  }
}
