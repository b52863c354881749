import { Transform } from 'node:stream';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ErrorCodes, paymentsRoutes, t } from '@tuerca/contracts';

/** A gateway event is a few KB (Wompi's are about 2 KB); anything much larger is not one. */
export const WEBHOOK_MAX_BYTES = 16 * 1024;

/**
 * #20 finding 4: the webhook is public, so its body is capped well below the app's 2 MB — refused with 413
 * before it is read when its length says so, and cut off while it streams when it does not say.
 */
@Injectable()
export class WebhookBodyLimit implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    const path = paymentsRoutes.events.path;
    const tooLarge = {
      statusCode: 413,
      message: ErrorCodes.PAYLOAD_TOO_LARGE,
      errors: [t('payments.eventTooLarge', { kb: WEBHOOK_MAX_BYTES / 1024 })],
    };
    fastify.addHook('preParsing', async (request, reply, payload) => {
      if (request.routeOptions.url !== path) return payload;
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (declared > WEBHOOK_MAX_BYTES) {
        await reply.code(413).send({ ...tooLarge, requestId: String(request.id) });
        return payload;
      }
      let seen = 0;
      return payload.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            seen += chunk.length;
            if (seen > WEBHOOK_MAX_BYTES) done(Object.assign(new Error(tooLarge.errors[0]), { statusCode: 413 }));
            else done(null, chunk);
          },
        }),
      );
    });
  }
}
