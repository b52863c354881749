import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { IMPORT_BODY_LIMIT, IMPORT_UPLOAD_PATHS } from '@tuerca/contracts';

/** Uploads come as base64 in JSON (up to 10 MB of file); the app's 2 MiB body limit is raised for the two upload routes alone. */
@Injectable()
export class ProductImportBodyLimit {
  constructor(host: HttpAdapterHost) {
    // Runs while providers are created, before Nest registers the routes (the hook sees them being added).
    const fastify = host.httpAdapter?.getInstance?.() as
      { addHook(name: 'onRoute', hook: (route: { url: string; method: string | string[]; bodyLimit?: number }) => void): void } | undefined;
    fastify?.addHook('onRoute', (route) => {
      const post = Array.isArray(route.method) ? route.method.includes('POST') : route.method === 'POST';
      if (post && (IMPORT_UPLOAD_PATHS as readonly string[]).includes(route.url)) route.bodyLimit = IMPORT_BODY_LIMIT;
    });
  }
}
