import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/config.js';
import { createHttpApp } from '../http/create-app.js';
import type { ContextDatabase } from '../database/context-database.js';
import { ContextRegistry } from '../module/context-registry.js';
import { createLogger } from '../logging/logger.js';
import { PlatformModule } from '../module/platform.module.js';
import { createTestDatabase, testConfig, type TestDatabase } from './database.js';

export interface TestHttpApp {
  url: string;
  app: NestFastifyApplication;
  config: AppConfig;
  database: TestDatabase;
  /** The database of one context running in the app (by its schema name). */
  db(schema: string): ContextDatabase;
  close(): Promise<void>;
}

@Module({})
class TestRootModule {
  static with(config: AppConfig, modules: Type<unknown>[]): DynamicModule {
    return { module: TestRootModule, imports: [PlatformModule.forRoot(config, createLogger(config.LOG_LEVEL)), ...modules] };
  }
}

/** The real HTTP app (kernel + the given context modules) on a fresh database and a free port. */
export async function startTestHttpApp(modules: Type<unknown>[], env: Record<string, string> = {}): Promise<TestHttpApp> {
  const database = await createTestDatabase(
    modules
      .map((m) => m.name.replace(/Module$/, ''))
      .join('')
      .slice(0, 12) || 'app',
  );
  const config = testConfig({ DATABASE_URL: database.url, MIGRATE_ON_START: 'true', PORT: '0', ...env });
  const logger = createLogger(config.LOG_LEVEL);
  const app = await createHttpApp(TestRootModule.with(config, modules) as never, config, logger);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    config,
    database,
    db: (schema) => {
      const found = app.get(ContextRegistry).databases.find((d) => d.schema === schema);
      if (!found) throw new Error(`No context with schema ${schema} runs in this test app`);
      return found;
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
