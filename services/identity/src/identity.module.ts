import { Module, type OnModuleInit } from '@nestjs/common';
import { identityRoutes } from '@tuerca/contracts';
import { ApiRoutes, ContextDatabaseModule, ContextRegistry } from '@tuerca/platform';
import { AuthController } from './auth/auth.controller.js';
import { CompleteSignUpHandler, LoginHandler, RegisterHandler } from './auth/auth.commands.js';
import { InternalSessionsController } from './sessions/internal.controller.js';
import { SessionsService } from './sessions/sessions.service.js';
import { identityDatabase } from './identity.database.js';
import { ADMIN_CONTROLLERS, ADMIN_PROVIDERS, adminUsersRoutes } from './admin/index.js';

/** Identity: users, sessions (guests too), roles and permission flags, session control. */
@Module({
  imports: [ContextDatabaseModule.forContext(identityDatabase)],
  controllers: [AuthController, InternalSessionsController, ...ADMIN_CONTROLLERS],
  providers: [SessionsService, RegisterHandler, LoginHandler, CompleteSignUpHandler, ...ADMIN_PROVIDERS],
  exports: [SessionsService],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly registry: ContextRegistry,
    private readonly sessions: SessionsService,
    private readonly routes: ApiRoutes,
  ) {}

  onModuleInit(): void {
    this.registry.useLocalSessionResolver(this.sessions);
    this.routes.register(...Object.values(identityRoutes), ...adminUsersRoutes);
  }
}
