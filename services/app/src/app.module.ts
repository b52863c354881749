import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type AppConfig, type Logger } from '@tuerca/platform';
import { BillingClientModule } from '@tuerca/billing/client';
import { CONTEXT_ENTRIES, type ContextEntry } from './contexts.js';

/** The composition root: the kernel plus the contexts chosen by SERVICES. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger, contexts: ContextEntry[]): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // Every context's schema, so operations across contexts (dead letters, retention) see those running elsewhere too.
        PlatformModule.forRoot(config, logger, { productSchemas: CONTEXT_ENTRIES.map((c) => c.database.schema) }),
        ...contexts.map((c) => c.module),
        // The Metering port: billing serves it in memory when it runs here; otherwise its HTTP client (BILLING_URL).
        ...(contexts.some((c) => c.name === 'billing') ? [] : [BillingClientModule.forRoot()]),
      ],
    };
  }
}
