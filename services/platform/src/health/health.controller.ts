import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { EventBus } from '../events/event-bus.js';
import { ContextRegistry } from '../module/context-registry.js';
import { REDIS } from '../module/tokens.js';
import { ApiRoutes, buildOpenApi } from '../http/openapi.js';

async function check(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
    return true;
  } catch {
    return false;
  }
}

@Controller()
export class HealthController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: EventBus,
    private readonly registry: ContextRegistry,
    private readonly routes: ApiRoutes,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL, Redis and the event bus answer. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const [postgres, redis, eventBus] = await Promise.all([
      check(async () => {
        for (const db of this.registry.databases) await db.orm.em.getConnection().execute('select 1');
        await this.bus.pool.query('select 1');
      }),
      check(() => this.redis.ping()),
      check(async () => {
        if (!(await this.bus.ping())) throw new Error('bus');
      }),
    ]);
    const ok = postgres && redis && eventBus;
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ready' : 'unavailable', checks: { postgres, redis, eventBus } };
  }

  /** The OpenAPI document, generated from the zod contracts. */
  @Get('api/docs')
  docs() {
    return buildOpenApi(this.routes.all(), { title: 'Tuerca API', version: '1' });
  }
}
