import { Controller, Headers, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { t, whatsappRoutes, type RouteInput } from '@tuerca/contracts';
import { Bind, ForbiddenError, Input, ok } from '@tuerca/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notificationsConfig, type NotificationsConfig } from '../notifications.config.js';
import { ReceiveWhatsAppWebhook } from './receive-whatsapp-webhook.command.js';
import { handshakeChallenge } from './whatsapp-webhook.rules.js';

const routes = whatsappRoutes;

/** WhatsApp Cloud API's webhook: the verification handshake and the signed notifications. */
@Controller()
export class WhatsAppWebhookController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(notificationsConfig.token) private readonly config: NotificationsConfig,
  ) {}

  /** Meta's handshake: echo hub.challenge as plain text when the verify token matches; 403 otherwise. */
  @Bind(routes.verify)
  verify(@Input() { query }: RouteInput<typeof routes.verify>, @Res({ passthrough: true }) reply: FastifyReply) {
    const challenge = handshakeChallenge(query, this.config.WHATSAPP_VERIFY_TOKEN);
    if (challenge === null) throw new ForbiddenError(t('notifications.badVerifyToken'));
    reply.header('content-type', 'text/plain; charset=utf-8');
    return challenge;
  }

  /** The body is read raw (the signature is over its bytes); the command checks the signature before anything else. */
  @Bind(routes.receive)
  async receive(@Req() request: FastifyRequest & { rawBody?: Buffer }, @Headers('x-hub-signature-256') signature: string | undefined) {
    return ok(await this.commands.execute(new ReceiveWhatsAppWebhook(request.rawBody, signature)));
  }
}
