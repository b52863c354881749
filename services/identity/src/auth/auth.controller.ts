import { Controller, Headers, Inject, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { authRoutes as routes, type RouteInput } from '@tuerca/contracts';
import {
  APP_CONFIG,
  Bind,
  CurrentVisitor,
  Input,
  ok,
  startGuestSession,
  startUserSession,
  type AppConfig,
  type Visitor,
} from '@tuerca/platform';
import { GetSessionControl } from '../sessions/session-control.query.js';
import { CompleteSignUp } from './complete-sign-up.command.js';
import { LogIn } from './log-in.command.js';
import { LogOut } from './log-out.command.js';
import { Register } from './register.command.js';
import { VerifyEmail } from './verify-email.command.js';

/** Registration, login, logout, sign-up completion and the console's session check; the cookie is set here. */
@Controller()
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Bind(routes.register)
  async register(
    @Input() { body }: RouteInput<typeof routes.register>,
    @CurrentVisitor() visitor: Visitor,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return ok(await this.commands.execute(new Register(body, { visitor, userAgent })));
  }

  @Bind(routes.verifyEmail)
  async verifyEmail(
    @Input() { body }: RouteInput<typeof routes.verifyEmail>,
    @CurrentVisitor() visitor: Visitor,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const opened = await this.commands.execute(new VerifyEmail(body, { visitor, userAgent }));
    startUserSession(reply, this.config.COOKIE_SECURE, opened.token);
    return ok({ user: opened.user, isGuest: false });
  }

  @Bind(routes.login)
  async login(
    @Input() { body }: RouteInput<typeof routes.login>,
    @CurrentVisitor() visitor: Visitor,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const opened = await this.commands.execute(new LogIn(body, { visitor, userAgent }));
    startUserSession(reply, this.config.COOKIE_SECURE, opened.token);
    return ok({ user: opened.user, isGuest: false });
  }

  @Bind(routes.logout)
  async logout(@CurrentVisitor() visitor: Visitor, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.commands.execute(new LogOut(visitor));
    startGuestSession(reply, this.config.COOKIE_SECURE, visitor.guestId);
    return ok(session);
  }

  @Bind(routes.completeSignUp)
  async completeSignUp(@Input() { body }: RouteInput<typeof routes.completeSignUp>, @CurrentVisitor() visitor: Visitor) {
    const user = await this.commands.execute(new CompleteSignUp(visitor.user!.id, body));
    return ok({ user, isGuest: false });
  }

  @Bind(routes.sessionControlData)
  async sessionControlData(@Input() { params }: RouteInput<typeof routes.sessionControlData>, @CurrentVisitor() visitor: Visitor) {
    const control = await this.queries.execute(new GetSessionControl(visitor, params.userId));
    return ok(control.session, { sessionActive: control.sessionActive });
  }
}
