import { Injectable, type Provider } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { RouteContract } from '@tuerca/contracts';
import { CatalogImportsController } from './imports.controller.js';
import { ACES_IMPORT_PATH, IMPORT_BODY_LIMIT, PIES_IMPORT_PATH, importsRouteContracts } from './imports.routes.js';
import { CatalogImportsService } from './imports.service.js';

/** ACES/PIES files come as XML text in JSON (up to 10 MB); the app's 2 MiB body limit is raised for these two routes alone. */
@Injectable()
export class ImportBodyLimit {
  constructor(host: HttpAdapterHost) {
    // Runs while providers are created, before Nest registers the routes (the hook sees them being added).
    const fastify = host.httpAdapter?.getInstance?.() as
      { addHook(name: 'onRoute', hook: (route: { url: string; method: string | string[]; bodyLimit?: number }) => void): void } | undefined;
    fastify?.addHook('onRoute', (route) => {
      if (route.url === ACES_IMPORT_PATH || route.url === PIES_IMPORT_PATH) route.bodyLimit = IMPORT_BODY_LIMIT;
    });
  }
}

// imports: controllers, providers and route contracts, spread into CatalogModule.
export const IMPORTS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [CatalogImportsController];
export const IMPORTS_PROVIDERS: Provider[] = [CatalogImportsService, ImportBodyLimit];
export const importsRoutes: RouteContract[] = importsRouteContracts;
export { parseAces, type AcesApplication } from './aces.parser.js';
export { parsePies, type PiesItem } from './pies.parser.js';
