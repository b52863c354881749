import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { EventBus } from '../events/event-bus.js';
import { HealthController } from '../health/health.controller.js';
import { HEALTH_QUERY_HANDLERS } from '../health/health.queries.js';
import { AccessGuard } from '../http/access.js';
import { EnvelopeInterceptor, VALIDATE_RESPONSES } from '../http/envelope.interceptor.js';
import { HttpExceptionFilter } from '../http/exception.filter.js';
import { ApiRoutes } from '../http/openapi.js';
import { Jobs } from '../jobs/jobs.js';
import type { Logger } from '../logging/logger.js';
import { createRedis } from '../redis/redis.js';
import { RateLimiter } from '../security/rate-limiter.js';
import { SessionRevocations } from '../security/session-revocations.js';
import { ContextRegistry, HttpSessionResolver } from './context-registry.js';
import { Clock } from '../time/clock.js';
import { PlatformRuntime } from './platform.runtime.js';
import { Readiness } from '../health/readiness.js';
import { WorkerHealthServer } from '../health/worker-health.server.js';
import { DeadLetterReplayer, DeadLetterStore } from '../operations/dead-letters.js';
import { DEAD_LETTER_HANDLERS } from '../operations/dead-letters.handlers.js';
import { DeadLettersController } from '../operations/dead-letters.controller.js';
import { Retention } from '../operations/retention.js';
import { ScheduledWork } from '../jobs/scheduled-work.js';
import { LocalPorts } from './local-ports.js';
import { APP_CONFIG, LOGGER, REDIS } from './tokens.js';

/** The kernel every context uses: configuration, logs, the event bus, jobs, Redis, HTTP conventions. */
@Global()
@Module({})
export class PlatformModule {
  /**
   * `productSchemas`: every context's schema in the product (the composition root knows them), so the
   * operator's dead letters and retention's slowest consumer cover contexts running in other processes.
   */
  static forRoot(config: AppConfig, logger: Logger, options: { productSchemas?: readonly string[] } = {}): DynamicModule {
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot()],
      controllers: [HealthController, DeadLettersController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: REDIS, useFactory: () => createRedis(config.REDIS_URL, 'commands') },
        {
          provide: EventBus,
          useFactory: async () => {
            if (config.MIGRATE_ON_START) await EventBus.migrate(config);
            return new EventBus(config, logger);
          },
        },
        {
          provide: Jobs,
          useFactory: () => new Jobs(createRedis(config.REDIS_URL, 'bullmq'), config.REDIS_PREFIX, logger),
        },
        {
          provide: RateLimiter,
          inject: [REDIS],
          useFactory: (redis: Redis) => new RateLimiter(redis, config.REDIS_PREFIX),
        },
        {
          provide: SessionRevocations,
          inject: [REDIS],
          useFactory: (redis: Redis) =>
            new SessionRevocations(redis, config.REDIS_PREFIX, createRedis(config.REDIS_URL, 'subscriber', { lazyConnect: true }), logger),
        },
        {
          provide: ContextRegistry,
          inject: [SessionRevocations],
          useFactory: (revocations: SessionRevocations) => {
            const registry = new ContextRegistry();
            registry.addProductSchemas(options.productSchemas ?? []);
            if (config.IDENTITY_URL)
              registry.useRemoteSessionResolver(
                new HttpSessionResolver(config.IDENTITY_URL, config.INTERNAL_TOKEN, revocations, 5000, config.INTERNAL_CALL_TIMEOUT_MS),
              );
            return registry;
          },
        },
        ApiRoutes,
        Clock,
        PlatformRuntime,
        LocalPorts,
        Readiness,
        WorkerHealthServer,
        DeadLetterStore,
        DeadLetterReplayer,
        ...DEAD_LETTER_HANDLERS,
        ...HEALTH_QUERY_HANDLERS,
        Retention,
        ScheduledWork,
        { provide: APP_FILTER, useFactory: () => new HttpExceptionFilter(logger) },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: VALIDATE_RESPONSES, useValue: config.VALIDATE_RESPONSES },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
      ],
      exports: [
        APP_CONFIG,
        LOGGER,
        REDIS,
        EventBus,
        Jobs,
        RateLimiter,
        SessionRevocations,
        ContextRegistry,
        ApiRoutes,
        Clock,
        LocalPorts,
        Readiness,
        DeadLetterStore,
        Retention,
        ScheduledWork,
        CqrsModule,
      ],
    };
  }
}
