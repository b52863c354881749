import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ADMIN_EXPOSED_HEADERS } from './admin.js';
import { AdminRange, Page } from './envelope.js';

/** Writes list totals into headers: `x-total-count` for /api pages, `Content-Range` for /admin-api. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body: unknown) => {
        if (body instanceof Page) {
          reply.header('x-total-count', String(body.metadata.total));
          return { data: body.data, metadata: body.metadata };
        }
        if (body instanceof AdminRange) {
          reply.header('content-range', body.contentRange);
          reply.header('x-total-count', String(body.total));
          // Readable by a console served from another origin, should CORS be enabled in front of the API.
          reply.header('access-control-expose-headers', ADMIN_EXPOSED_HEADERS);
          return body.rows;
        }
        return body;
      }),
    );
  }
}
