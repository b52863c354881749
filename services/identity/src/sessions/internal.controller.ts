import { Controller, Get, Headers, Inject, Param } from '@nestjs/common';
import { APP_CONFIG, ForbiddenError, NotFoundError, ok, type AppConfig } from '@tuerca/platform';
import { timingSafeEqual } from 'node:crypto';
import { SessionsService } from './sessions.service.js';

/** Service-to-service: other processes resolve a session cookie here (platform's HttpSessionResolver). */
@Controller('internal/identity')
export class InternalSessionsController {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sessions/:token')
  async resolve(@Param('token') token: string, @Headers('x-internal-token') given: string | undefined) {
    const expected = Buffer.from(this.config.INTERNAL_TOKEN);
    const actual = Buffer.from(given ?? '');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new ForbiddenError();
    const session = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? await this.sessions.resolve(token) : null;
    if (!session) throw new NotFoundError();
    return ok(session);
  }
}
