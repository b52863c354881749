import { Body, Controller, Get, Headers, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import {
  completeSignUpBodySchema,
  identityRoutes,
  loginBodySchema,
  registerBodySchema,
  sessionControlParamsSchema,
  sessionControlQuerySchema,
  type CompleteSignUpBody,
  type LoginBody,
  type RegisterBody,
} from '@tuerca/contracts';
import {
  APP_CONFIG,
  Access,
  CurrentVisitor,
  ok,
  startGuestSession,
  startUserSession,
  zod,
  type AppConfig,
  type Visitor,
} from '@tuerca/platform';
import { guestUser } from '../users/user.rules.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { CompleteSignUpCommand, LoginCommand, RegisterCommand } from './auth.commands.js';

@Controller()
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(identityRoutes.register.path)
  async register(
    @Body(zod(registerBodySchema)) body: RegisterBody,
    @CurrentVisitor() visitor: Visitor,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const opened = await this.commands.execute(new RegisterCommand(body, { visitor, userAgent }));
    startUserSession(reply, this.config.COOKIE_SECURE, opened.token);
    void reply.status(201);
    return ok({ user: opened.user, isGuest: false });
  }

  @Post(identityRoutes.login.path)
  async login(
    @Body(zod(loginBodySchema)) body: LoginBody,
    @CurrentVisitor() visitor: Visitor,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const opened = await this.commands.execute(new LoginCommand(body, { visitor, userAgent }));
    startUserSession(reply, this.config.COOKIE_SECURE, opened.token);
    void reply.status(200);
    return ok({ user: opened.user, isGuest: false });
  }

  /** Ends the session; the visitor goes on as the guest they were before logging in. */
  @Post(identityRoutes.logout.path)
  async logout(@CurrentVisitor() visitor: Visitor, @Res({ passthrough: true }) reply: FastifyReply) {
    if (visitor.sessionId) await this.sessions.revoke(visitor.sessionId);
    startGuestSession(reply, this.config.COOKIE_SECURE, visitor.guestId);
    void reply.status(200);
    return ok({ user: guestUser(visitor.guestId), isGuest: true });
  }

  @Post(identityRoutes.completeSignUp.path)
  @Access('user')
  async completeSignUp(
    @Body(zod(completeSignUpBodySchema)) body: CompleteSignUpBody,
    @CurrentVisitor() visitor: Visitor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const user = await this.commands.execute(new CompleteSignUpCommand(visitor.user!.id, body));
    void reply.status(200);
    return ok({ user, isGuest: false });
  }

  /**
   * spec (001 §7 Session): GET /core/sessionControlData/{userId or 0} with refererUrl; data holds the
   * user and isGuest. The console re-checks every 15 s; a session that is no longer active answers the
   * guest with `metadata.sessionActive: false`, and the console sends the person to /users/page/login.
   */
  @Get(identityRoutes.sessionControlData.path)
  sessionControlData(
    @Param(zod(sessionControlParamsSchema)) params: { userId: string },
    @Query(zod(sessionControlQuerySchema)) _query: { refererUrl?: string },
    @CurrentVisitor() visitor: Visitor,
  ) {
    const asked = params.userId !== '0';
    if (visitor.user) {
      return ok({ user: visitor.user, isGuest: false }, { sessionActive: !asked || params.userId === visitor.user.id });
    }
    return ok({ user: guestUser(visitor.guestId), isGuest: true }, { sessionActive: !asked });
  }
}
