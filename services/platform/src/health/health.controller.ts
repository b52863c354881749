import { Controller, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { healthRoutes as routes } from '@tuerca/contracts';
import { Bind } from '../http/bind.js';
import { GetApiDocument, GetReadiness } from './health.queries.js';

@Controller()
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  /** Liveness: the process answers (nothing else is asked, so a busy dependency never restarts it). */
  @Bind(routes.health)
  health() {
    return { status: 'ok' as const };
  }

  /** Readiness of this process for its role; 503 while something it uses does not answer. */
  @Bind(routes.ready)
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.queries.execute(new GetReadiness());
    void reply.status(report.status === 'ready' ? 200 : 503);
    return report;
  }

  @Bind(routes.docs)
  docs() {
    return this.queries.execute(new GetApiDocument());
  }
}
