import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { ChangeFeed, changeChannel } from '../database/change-feed.js';
import { ContextDatabase, type ContextDatabaseOptions } from '../database/context-database.js';
import { EventBus } from '../events/event-bus.js';
import type { Logger } from '../logging/logger.js';
import { ContextRegistry } from './context-registry.js';
import { APP_CONFIG, LOGGER } from './tokens.js';

/**
 * `imports: [ContextDatabaseModule.forContext(identityDatabase)]`: the context's own ORM and schema, and its
 * `ChangeFeed` (the context's change notifications, heard on the process's session; started by whoever caches).
 */
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
        {
          provide: ChangeFeed,
          inject: [ContextDatabase, EventBus, LOGGER],
          useFactory: (db: ContextDatabase, bus: EventBus, logger: Logger) => {
            const feed = new ChangeFeed(bus.session, changeChannel(options.schema), logger);
            // Every transaction of the context that commits in this process (units of work and `transactional`).
            db.orm.em.getEventManager().registerSubscriber({ afterTransactionCommit: () => feed.noteLocalWrite() });
            return feed;
          },
        },
      ],
      exports: [ContextDatabase, ChangeFeed],
    };
  }
}
