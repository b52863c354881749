import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { ContextRegistry } from '../module/context-registry.js';
import { resolveVisitor } from './visitor.js';

const NO_VISITOR = /^\/(health|ready)(\/|$)|^\/internal\//;

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
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  await app.register(fastifyCookie as never, { secret: config.SESSION_SECRET });
  const registry = app.get(ContextRegistry);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorateRequest('visitor', null as never);
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (NO_VISITOR.test(req.url)) return;
    req.visitor = await resolveVisitor(req, reply, registry.sessionResolver(), config.COOKIE_SECURE);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    if (NO_VISITOR.test(req.url)) return;
    logger.info(
      { reqId: req.id, method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  app.enableShutdownHooks();
  return app;
}
