import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig, Logger } from '@tuerca/platform';

/** Paths owned by the API: never answered with a console's index.html. */
const API_PATH = /^\/(api|admin-api|internal|health|ready)(\/|$)/;

interface ConsoleRoot {
  /** URL prefix, '/' or '/admin/'. */
  prefix: string;
  dir: string;
}

/** The repository's consoles folder, from services/app/dist (or src) two levels up. */
function defaultConsolesDir(): string {
  return fileURLToPath(new URL('../../../consoles', import.meta.url));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built consoles from the app process (npm run demo, browser tests; nginx does it in
 * docker-compose): consoles/customer/dist at / and consoles/admin/dist at /admin/, each with a fallback
 * to its index.html for client-side routes. Only the consoles whose dist folder exists are served.
 */
export async function serveConsoles(http: NestFastifyApplication, config: AppConfig, logger: Logger): Promise<void> {
  // An API process of a split deployment serves the API only (nginx serves the consoles there); the
  // single-process demo (ROLE=all) serves them, unless told otherwise.
  if (config.CONSOLES_DIR === 'off' || (config.ROLE === 'api' && !config.CONSOLES_DIR)) return;
  const base = config.CONSOLES_DIR ? resolve(config.CONSOLES_DIR) : defaultConsolesDir();
  const roots: ConsoleRoot[] = [];
  const admin = join(base, 'admin', 'dist');
  const customer = join(base, 'customer', 'dist');
  if (existsSync(join(admin, 'index.html'))) roots.push({ prefix: '/admin/', dir: admin });
  if (existsSync(join(customer, 'index.html'))) roots.push({ prefix: '/', dir: customer });
  if (roots.length === 0) return;

  // serve: false only decorates reply.sendFile; the route below picks the file or the fallback.
  // preCompressed: the build writes .br and .gz copies (scripts/precompress.mjs), sent to browsers that accept them.
  await http.register(fastifyStatic as never, { root: roots.map((r) => r.dir), serve: false, preCompressed: true });
  const fastify = http.getHttpAdapter().getInstance();
  fastify.get('/admin', (_req, reply) => reply.redirect('/admin/'));
  fastify.get('/*', async (req, reply) => {
    const path = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (API_PATH.test(path)) return reply.callNotFound();
    const root = roots.find((r) => path.startsWith(r.prefix));
    if (!root) return reply.callNotFound();
    const rel = normalize(path.slice(root.prefix.length));
    const candidate = join(root.dir, rel);
    if (rel && !isAbsolute(rel) && !rel.startsWith('..') && candidate.startsWith(root.dir + sep) && (await isFile(candidate))) {
      const immutable = rel.startsWith(`assets${sep}`);
      return reply.sendFile(rel, root.dir, { immutable, maxAge: immutable ? '365d' : 0, cacheControl: true });
    }
    // A missing asset is a 404, a client-side route gets the console's page.
    if (/\.[a-z0-9]{1,8}$/i.test(rel)) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root.dir, { cacheControl: false });
  });
  logger.info({ consoles: roots.map((r) => r.prefix) }, 'serving consoles');
}
