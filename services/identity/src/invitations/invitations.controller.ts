import { Controller, Headers, Inject, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { invitationRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { APP_CONFIG, Bind, CurrentVisitor, Input, ok, startUserSession, type AppConfig, type Visitor } from '@tuerca/platform';
import { AcceptInvitation } from './accept-invitation.command.js';

/** An approved supplier's invitation link: the seller account is created and its session starts. */
@Controller()
export class InvitationsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Bind(routes.accept)
  async accept(
    @Input() { body }: RouteInput<typeof routes.accept>,
    @CurrentVisitor() visitor: Visitor,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const opened = await this.commands.execute(new AcceptInvitation(body, { visitor, userAgent }));
    startUserSession(reply, this.config.COOKIE_SECURE, opened.token);
    return ok({ user: opened.user, isGuest: false });
  }
}
