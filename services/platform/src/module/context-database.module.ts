import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { ContextDatabase, type ContextDatabaseOptions } from '../database/context-database.js';
import { ContextRegistry } from './context-registry.js';
import { APP_CONFIG } from './tokens.js';

/** `imports: [ContextDatabaseModule.forContext(identityDatabase)]`: the context's own ORM and schema. */
@Module({})
export class ContextDatabaseModule {
  static forContext(options: ContextDatabaseOptions): DynamicModule {
    return {
      module: ContextDatabaseModule,
      providers: [
        // Distinct metadata per context, so Nest never merges two contexts' dynamic modules.
        { provide: `CONTEXT_SCHEMA:${options.schema}`, useValue: options.schema },
        {
          provide: ContextDatabase,
          inject: [APP_CONFIG, ContextRegistry],
          useFactory: async (config: AppConfig, registry: ContextRegistry) => {
            const db = await ContextDatabase.open(config, options);
            if (config.MIGRATE_ON_START) await db.migrate();
            registry.addDatabase(db);
            return db;
          },
        },
      ],
      exports: [ContextDatabase],
    };
  }
}
