import { Injectable, type Provider } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CATALOG_IMPORT_BODY_LIMIT, catalogImportsRoutes } from '@tuerca/contracts';
import { CatalogImportsController } from './imports.controller.js';
import { ImportAcesHandler } from './import-aces.command.js';
import { ImportPiesHandler } from './import-pies.command.js';
import { ListCatalogImportsHandler } from './list-imports.query.js';

const LARGE_BODIES = new Set<string>([catalogImportsRoutes.aces.path, catalogImportsRoutes.pies.path]);

/** ACES/PIES files come as XML text in JSON (up to 10 MB); the app's 2 MiB body limit is raised for these two routes alone. */
@Injectable()
export class ImportBodyLimit {
  constructor(host: HttpAdapterHost) {
    // Runs while providers are created, before Nest registers the routes (the hook sees them being added).
    const fastify = host.httpAdapter?.getInstance?.() as
      { addHook(name: 'onRoute', hook: (route: { url: string; method: string | string[]; bodyLimit?: number }) => void): void } | undefined;
    fastify?.addHook('onRoute', (route) => {
      if (LARGE_BODIES.has(route.url)) route.bodyLimit = CATALOG_IMPORT_BODY_LIMIT;
    });
  }
}

// imports: controllers and providers, spread into CatalogModule (routes in contracts: catalogImportsRoutes).
export const IMPORTS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [CatalogImportsController];
export const IMPORTS_PROVIDERS: Provider[] = [ImportAcesHandler, ImportPiesHandler, ListCatalogImportsHandler, ImportBodyLimit];
export { parseAces, type AcesApplication } from './aces.parser.js';
export { parsePies, type PiesItem } from './pies.parser.js';
