import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { EventBus } from '../events/event-bus.js';
import { Jobs } from '../jobs/jobs.js';
import { SessionRevocations } from '../security/session-revocations.js';
import type { Logger } from '../logging/logger.js';
import { ContextRegistry } from './context-registry.js';
import { APP_CONFIG, LOGGER, REDIS } from './tokens.js';

/**
 * Starts and stops the background side of a process. ROLE=worker|all runs the outbox relays, the
 * consumer groups and the BullMQ workers; ROLE=api serves HTTP only. On SIGTERM Nest first stops the
 * HTTP server (in-flight requests finish), then this stops jobs, consumers, relays and connections.
 */
@Injectable()
export class PlatformRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: EventBus,
    private readonly jobs: Jobs,
    private readonly registry: ContextRegistry,
    private readonly revocations: SessionRevocations,
  ) {}

  get runsWorkers(): boolean {
    return this.config.ROLE !== 'api';
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runsWorkers) return;
    await this.bus.start();
    for (const db of this.registry.databases) await this.bus.startRelay(db);
    await this.bus.subscribeAll(this.registry.subscriptions);
    this.jobs.startWorkers();
    this.logger.info(
      {
        relays: this.registry.databases.map((d) => d.schema),
        consumers: this.registry.subscriptions.map((s) => `${s.db.schema}.${s.group}`),
      },
      'workers started',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
    await this.bus.stop();
    for (const db of this.registry.databases) await db.close();
    this.revocations.stop();
    this.redis.disconnect();
    this.logger.info('stopped');
  }
}
