import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { ContextRegistry } from '../module/context-registry.js';
import { resolveVisitor } from './visitor.js';
import { HttpExceptionFilter } from './exception.filter.js';
import { ValidationError } from './domain-error.js';
import { ApiRoutes } from './openapi.js';
import { t } from '@tuerca/contracts';

const NO_VISITOR = /^\/(health|ready)(\/|$)|^\/internal\//;

/** No request body nests deeper than this (a 5,000-level body once overflowed the stack while being logged). */
export const MAX_BODY_DEPTH = 64;

function refuse(message: string): ValidationError {
  return new ValidationError([message], [{ path: 'body', message }]);
}

/**
 * How deep a JSON text nests, counted on the text before parsing (strings skipped), stopping as soon as it passes
 * `max`: a hostile body is refused without building it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** Whether any string (key or value) of a parsed body holds a NUL character, which PostgreSQL text refuses. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_BODY_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

function jsonOnly(): Error {
  return Object.assign(new Error(t('validation.jsonOnly')), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
}

/**
 * API paths answer with or without a trailing slash: the spec writes some with one (GET /core/chargingPlans/),
 * route contracts name them without. Only API paths: the consoles' `/admin/` is not `/admin`.
 */
export function withoutTrailingSlash(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path.length < 2 || !path.endsWith('/') || !/^\/(api|admin-api|internal)\//.test(path)) return url;
  return path.replace(/\/+$/, '') + (q < 0 ? '' : url.slice(q));
}

class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

/**
 * Builds the HTTP application of a process on Fastify: request ids (x-request-id), the visitor of each
 * request from its signed cookie, one structured log line per request, graceful shutdown on SIGTERM.
 */
export async function createHttpApp(rootModule: Type<unknown>, config: AppConfig, logger: Logger): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    logger: false,
    // Only the configured proxies' X-Forwarded-For is believed (req.ip); otherwise the socket's address.
    trustProxy: config.TRUST_PROXY?.length ? config.TRUST_PROXY : false,
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    rewriteUrl: (req: { url?: string }) => withoutTrailingSlash(req.url ?? '/'),
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    // The body parsers are the platform's own (below): JSON everywhere, a form only where a route says so.
    bodyParser: false,
  });
  await app.register(fastifyCookie as never, { secret: config.SESSION_SECRET });
  const registry = app.get(ContextRegistry);
  const errors = new HttpExceptionFilter(logger);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorateRequest('visitor', null as never);

  // #20 finding 8: bodies are JSON, checked for depth and NUL characters before anything reads them.
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    // The bytes as received stay on the request (`rawBody`): webhooks are signed over them (WhatsApp's X-Hub-Signature-256).
    (req as { rawBody?: Buffer }).rawBody = raw as Buffer;
    const body = (raw as Buffer).toString('utf8');
    if (body.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(body, MAX_BODY_DEPTH)) return done(refuse(t('validation.tooDeep', { max: MAX_BODY_DEPTH })), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return done(refuse(t('validation.invalidJson')), undefined);
    }
    if (holdsNul(parsed)) return done(refuse(t('validation.nulCharacter')), undefined);
    done(null, parsed);
  });
  // An HTML form (the sandbox checkout's buttons) posts url-encoded fields; only routes that say `consumes: 'form'` take it.
  const formRoutes = new Set(
    app
      .get(ApiRoutes, { strict: false })
      .all()
      .filter((r) => r.consumes === 'form')
      .map((r) => `${r.method} ${r.path}`),
  );
  // Any other type is refused (415) unless the request carries no body (react-admin deletes say text/plain with none).
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_req, text, done) =>
    String(text) === '' ? done(null, undefined) : done(jsonOnly(), undefined),
  );
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, text, done) => {
    if (!formRoutes.has(`${req.method} ${req.routeOptions.url}`)) return done(jsonOnly(), undefined);
    const body = String(text);
    if (body.includes('\u0000') || /%00/.test(body)) return done(refuse(t('validation.nulCharacter')), undefined);
    done(null, Object.fromEntries(new URLSearchParams(body)));
  });

  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // A NUL byte in the path or the query (%00) never reaches a handler: PostgreSQL text cannot hold it.
    if (/%00/.test(req.url)) {
      const body = errors.toBody(refuse(t('validation.nulCharacter')), req);
      return reply.status(body.statusCode).send(body);
    }
    if (NO_VISITOR.test(req.url)) return;
    try {
      req.visitor = await resolveVisitor(req, reply, registry.sessionResolver(), config.COOKIE_SECURE);
    } catch (err) {
      // The hook runs before Nest's exception filter: the same error body is sent from here (identity
      // unreachable → 503 'servicio intermitente', never a bare 500).
      const body = errors.toBody(err, req);
      return reply.status(body.statusCode).send(body);
    }
  });
  fastify.addHook('onResponse', async (req, reply) => {
    if (!logger.isLevelEnabled('info') || NO_VISITOR.test(req.url)) return;
    logger.info(
      { reqId: req.id, method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  app.enableShutdownHooks();
  return app;
}
