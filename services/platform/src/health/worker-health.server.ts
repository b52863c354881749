import { createServer, type Server } from 'node:http';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { APP_CONFIG, LOGGER } from '../module/tokens.js';
import { Readiness } from './readiness.js';

/**
 * A worker serves no API, but its orchestrator still asks whether it is alive and ready: ROLE=worker
 * answers GET /health and GET /ready (Readiness: database, Redis, the broker, its consumer groups) on
 * WORKER_HEALTH_PORT, and nothing else.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly readiness: Readiness,
  ) {}

  /** The port it listens on (the configured one, or the one chosen for port 0). */
  get port(): number | null {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE !== 'worker') return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { status: 'method not allowed' });
      if (path === '/health') return send(200, { status: 'ok' });
      if (path === '/ready') {
        void this.readiness.report().then(
          (report) => send(report.status === 'ready' ? 200 : 503, report),
          () => send(503, { status: 'unavailable' }),
        );
        return;
      }
      send(404, { status: 'not found' });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.WORKER_HEALTH_PORT, this.config.HOST, () => resolve());
    });
    this.server = server;
    this.logger.info({ port: this.port }, 'worker health listening');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
