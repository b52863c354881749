import { Injectable, type Provider } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AdminProductImportsController, ProductImportsController } from './imports.controller.js';
import { ProductImportsService } from './imports.service.js';
import { ADMIN_IMPORTS_PATH, IMPORTS_PATH, IMPORT_BODY_LIMIT } from './imports.routes.js';

/** Uploads come as base64 in JSON (up to 10 MB of file); the app's 2 MiB body limit is raised for the two upload routes alone. */
@Injectable()
export class ProductImportBodyLimit {
  constructor(host: HttpAdapterHost) {
    // Runs while providers are created, before Nest registers the routes (the hook sees them being added).
    const fastify = host.httpAdapter?.getInstance?.() as
      { addHook(name: 'onRoute', hook: (route: { url: string; method: string | string[]; bodyLimit?: number }) => void): void } | undefined;
    fastify?.addHook('onRoute', (route) => {
      const post = Array.isArray(route.method) ? route.method.includes('POST') : route.method === 'POST';
      if (post && (route.url === IMPORTS_PATH || route.url === ADMIN_IMPORTS_PATH)) route.bodyLimit = IMPORT_BODY_LIMIT;
    });
  }
}

// imports: controllers, providers and route contracts, spread into MarketplaceModule.
export const IMPORTS_CONTROLLERS: (new (...args: never[]) => unknown)[] = [ProductImportsController, AdminProductImportsController];
export const IMPORTS_PROVIDERS: Provider[] = [ProductImportsService, ProductImportBodyLimit];
export { importsRoutes } from './imports.routes.js';
export { parseCsv } from './csv.parser.js';
export { parseXlsx } from './xlsx.parser.js';
