import { InvitationsController } from './invitations/invitations.controller.js';
import { SupplierApprovalsConsumer } from './invitations/supplier-approvals.consumer.js';
import { InviteSellerHandler } from './invitations/invite-seller.command.js';
import { AcceptInvitationHandler } from './invitations/accept-invitation.command.js';
import { Module, type OnModuleInit } from '@nestjs/common';
import { ContextDatabaseModule, ContextRegistry, contextConfigProvider, InternalOnlyGuard } from '@tuerca/platform';
import { identityConfig } from './identity.config.js';
import { identityDatabase } from './identity.database.js';
import { AuthController } from './auth/auth.controller.js';
import { RegisterHandler } from './auth/register.command.js';
import { VerifyEmailHandler } from './auth/verify-email.command.js';
import { LogInHandler } from './auth/log-in.command.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { LogOutHandler } from './auth/log-out.command.js';
import { CompleteSignUpHandler } from './auth/complete-sign-up.command.js';
import { SessionsService } from './sessions/sessions.service.js';
import { GetSessionControlHandler } from './sessions/session-control.query.js';
import { ResolveSessionHandler } from './sessions/resolve-session.query.js';
import { InternalSessionsController } from './sessions/internal-sessions.controller.js';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { ListUsersHandler } from './admin/list-users.query.js';
import { GetUserHandler } from './admin/get-user.query.js';
import { CreateUserHandler } from './admin/create-user.command.js';
import { UpdateUserHandler } from './admin/update-user.command.js';
import { AddressesController } from './addresses/addresses.controller.js';
import { SaveAddressHandler } from './addresses/save-address.command.js';
import { RemoveAddressHandler } from './addresses/remove-address.command.js';
import { ListAddressesHandler } from './addresses/list-addresses.query.js';
import { GetAddressHandler } from './addresses/get-address.query.js';

/** Identity: users, sessions (guests too), roles and permission flags, session control. */
@Module({
  imports: [ContextDatabaseModule.forContext(identityDatabase)],
  controllers: [AuthController, InternalSessionsController, AdminUsersController, AddressesController, InvitationsController],
  providers: [
    SupplierApprovalsConsumer,
    InviteSellerHandler,
    AcceptInvitationHandler,
    contextConfigProvider(identityConfig),
    SessionsService,
    LoginThrottle,
    InternalOnlyGuard,
    RegisterHandler,
    VerifyEmailHandler,
    LogInHandler,
    LogOutHandler,
    CompleteSignUpHandler,
    GetSessionControlHandler,
    ResolveSessionHandler,
    ListUsersHandler,
    GetUserHandler,
    CreateUserHandler,
    UpdateUserHandler,
    SaveAddressHandler,
    RemoveAddressHandler,
    ListAddressesHandler,
    GetAddressHandler,
  ],
  exports: [SessionsService],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly registry: ContextRegistry,
    private readonly sessions: SessionsService,
  ) {}

  onModuleInit(): void {
    // Requests of every context in this process resolve sessions here, without an HTTP hop.
    this.registry.useLocalSessionResolver(this.sessions);
  }
}
