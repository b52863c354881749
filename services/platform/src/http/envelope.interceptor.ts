import { Inject, Injectable, Optional, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { routeKey } from '@tuerca/contracts';
import { ADMIN_EXPOSED_HEADERS } from './admin.js';
import { routeOf } from './bind.js';
import { AdminRange, Page } from './envelope.js';
import { JsonReply, writeJson } from './json-text.js';

export const VALIDATE_RESPONSES = Symbol('VALIDATE_RESPONSES');

/** An answer that breaks its route contract: a bug of the service, found by the tests that turn the check on. */
export class ResponseContractError extends Error {
  constructor(route: string, problems: string) {
    super(`${route} answered outside its contract: ${problems}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * Writes list totals into headers (`x-total-count` for /api pages, `Content-Range` for /admin-api), sends a
 * `JsonReply` as the JSON text it holds and, when VALIDATE_RESPONSES is on (tests), checks each JSON answer of a
 * bound route against its contract.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(@Optional() @Inject(VALIDATE_RESPONSES) private readonly validate: boolean = false) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const route = this.validate ? routeOf(context.getHandler()) : undefined;
    return next.handle().pipe(
      map((body: unknown) => {
        // An answer with parts written before (JsonReply): sent as the text writeJson writes, parts as they were written.
        const written = body instanceof JsonReply ? writeJson(this.envelope(body.body, reply)) : undefined;
        if (written !== undefined) void reply.type('application/json; charset=utf-8');
        const out = written ?? this.envelope(body, reply);
        if (route?.response && (!route.produces || route.produces === 'application/json') && out !== undefined) {
          const result = route.response.safeParse(JSON.parse(written ?? JSON.stringify(out)));
          if (!result.success) {
            const problems = result.error.issues
              .slice(0, 5)
              .map((i) => `${i.path.join('.')}: ${i.message}`)
              .join('; ');
            throw new ResponseContractError(routeKey(route), problems);
          }
        }
        return out;
      }),
    );
  }

  private envelope(body: unknown, reply: FastifyReply): unknown {
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
  }
}
