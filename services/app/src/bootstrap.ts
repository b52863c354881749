import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp, type AppConfig, type Logger } from '@tuerca/platform';
import { AppModule } from './app.module.js';
import { serveConsoles } from './consoles.js';
import { checkContextConfigs, selectContexts } from './contexts.js';

export interface RunningApp {
  app: INestApplicationContext;
  http: NestFastifyApplication | null;
  url: string | null;
  close(): Promise<void>;
}

/**
 * Boots a process: ROLE=api|all serves HTTP on PORT (all also runs relays, consumers and jobs),
 * ROLE=worker runs only the background side, without HTTP.
 */
export async function startApp(config: AppConfig, logger: Logger, envServices = process.env.SERVICES): Promise<RunningApp> {
  const all = !envServices || envServices === 'all';
  const contexts = selectContexts(config.SERVICES, all);
  checkContextConfigs(config, contexts);
  const root = AppModule.forRoot(config, logger, contexts);
  if (config.ROLE === 'worker') {
    const app = await NestFactory.createApplicationContext(root, { logger: false });
    app.enableShutdownHooks();
    await app.init();
    return { app, http: null, url: null, close: () => app.close() };
  }
  const http = await createHttpApp(root as never, config, logger);
  await serveConsoles(http, config, logger);
  await http.listen({ port: config.PORT, host: config.HOST });
  const address = http.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  logger.info({ url, role: config.ROLE, contexts: contexts.map((c) => c.name), bus: config.EVENT_BUS }, 'Tuerca listening');
  return { app: http, http, url, close: () => http.close() };
}
