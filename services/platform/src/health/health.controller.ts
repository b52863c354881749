import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiRoutes, buildOpenApi } from '../http/openapi.js';
import { Readiness } from './readiness.js';

@Controller()
export class HealthController {
  constructor(
    private readonly readiness: Readiness,
    private readonly routes: ApiRoutes,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness of this process for its role (readiness.ts); 503 while something it uses does not answer. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.readiness.report();
    void reply.status(report.status === 'ready' ? 200 : 503);
    return report;
  }

  /** The OpenAPI document of the whole API, generated from the zod contracts. */
  @Get('api/docs')
  docs() {
    return buildOpenApi(this.routes.all(), { title: 'Tuerca API', version: '1' });
  }
}
