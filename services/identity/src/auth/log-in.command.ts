import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, UserLoggedIn, t, type LoginBody } from '@tuerca/contracts';
import { ContextDatabase, DomainError, recordEvent } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { toSessionUser } from '../users/user.rules.js';
import { SessionsService, hashToken } from '../sessions/sessions.service.js';
import { decoyHash, verifyPassword } from './password.js';
import { LoginThrottle } from './login-throttle.js';
import type { RequestMeta, SessionOpened } from './session-opened.js';

export class LogIn extends Command<SessionOpened> {
  constructor(
    readonly body: LoginBody,
    readonly meta: RequestMeta,
  ) {
    super();
  }
}

@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ body, meta }: LogIn): Promise<SessionOpened> {
    // No global lock-out: an address slows down on an account it failed on, and one that failed too often waits.
    await this.throttle.check(body.email, meta.visitor.ip);
    const user = await this.db.em().findOne(User, { email: body.email, active: true });
    // An unknown e-mail is checked against a decoy hash, so timing does not reveal which accounts exist.
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
    if (!user || !valid) {
      await this.throttle.failed(body.email, meta.visitor.ip);
      throw new DomainError(401, ErrorCodes.INVALID_CREDENTIALS, [t('auth.invalidCredentials')]);
    }
    await this.throttle.succeeded(body.email, meta.visitor.ip);
    return this.db.transactional(async (em) => {
      const u = await em.findOneOrFail(User, { id: user.id });
      u.lastLoginAt = new Date();
      const token = this.sessions.open(em, u, meta.visitor.guestId, { ip: meta.visitor.ip, userAgent: meta.userAgent });
      recordEvent(
        em,
        UserLoggedIn,
        { userId: u.id, sessionId: hashToken(token), guestId: meta.visitor.guestId },
        { aggregateId: u.id, actor: { kind: 'user', id: u.id } },
      );
      await em.flush();
      return { user: toSessionUser(u), token };
    });
  }
}
