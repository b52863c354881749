import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type AppConfig, type Logger } from '@tuerca/platform';
import type { ContextEntry } from './contexts.js';

/** The composition root: the kernel plus the contexts chosen by SERVICES. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger, contexts: ContextEntry[]): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(config, logger), ...contexts.map((c) => c.module)],
    };
  }
}
