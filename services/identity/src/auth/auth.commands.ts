import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  ErrorCodes,
  UserLoggedIn,
  UserRegistered,
  UserSignUpCompleted,
  t,
  type CompleteSignUpBody,
  type LoginBody,
  type RegisterBody,
  type SessionUser,
} from '@tuerca/contracts';
import {
  APP_CONFIG,
  ContextDatabase,
  DomainError,
  NotFoundError,
  RateLimiter,
  TooManyRequestsError,
  recordEvent,
  type AppConfig,
  type Visitor,
} from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { isSignUpComplete, toSessionUser } from '../users/user.rules.js';
import { SessionsService, hashToken } from '../sessions/sessions.service.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';

export interface SessionOpened {
  user: SessionUser;
  token: string;
}

interface RequestMeta {
  visitor: Visitor;
  userAgent?: string;
}

const REGISTRATIONS_PER_IP = 10;

export class RegisterCommand extends Command<SessionOpened> {
  constructor(
    readonly body: RegisterBody,
    readonly meta: RequestMeta,
  ) {
    super();
  }
}

export class LoginCommand extends Command<SessionOpened> {
  constructor(
    readonly body: LoginBody,
    readonly meta: RequestMeta,
  ) {
    super();
  }
}

export class CompleteSignUpCommand extends Command<SessionUser> {
  constructor(
    readonly userId: string,
    readonly body: CompleteSignUpBody,
  ) {
    super();
  }
}

@CommandHandler(RegisterCommand)
export class RegisterHandler implements ICommandHandler<RegisterCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ body, meta }: RegisterCommand): Promise<SessionOpened> {
    const perIp = await this.limiter.hit(`register:ip:${meta.visitor.ip}`, REGISTRATIONS_PER_IP, this.config.RATE_LIMIT_WINDOW_SECONDS);
    if (!perIp.allowed) throw new TooManyRequestsError(perIp.retryAfterSeconds);
    const passwordHash = await hashPassword(body.password);
    try {
      return await this.db.transactional(async (em) => {
        const user = em.create(User, {
          id: randomUUID(),
          email: body.email,
          passwordHash,
          name: body.name,
          mobile: body.mobile ?? null,
          roles: [body.role],
          country: body.country,
          downloadPartsCatalog: false,
          signUpCompleted: false,
          storeId: null,
          active: true,
          createdAt: new Date(),
          updatedAt: new Date(),
          lastLoginAt: new Date(),
        });
        user.signUpCompleted = isSignUpComplete(user);
        const token = this.sessions.open(em, user, meta.visitor.guestId, { ip: meta.visitor.ip, userAgent: meta.userAgent });
        const actor = { kind: 'user' as const, id: user.id };
        recordEvent(
          em,
          UserRegistered,
          {
            userId: user.id,
            email: user.email,
            mobile: user.mobile,
            roles: user.roles,
            signUpCompleted: user.signUpCompleted,
            guestId: meta.visitor.guestId,
          },
          { aggregateId: user.id, actor },
        );
        recordEvent(
          em,
          UserLoggedIn,
          { userId: user.id, sessionId: hashToken(token), guestId: meta.visitor.guestId },
          { aggregateId: user.id, actor },
        );
        await em.flush();
        return { user: toSessionUser(user), token };
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new DomainError(409, ErrorCodes.EMAIL_ALREADY_REGISTERED, [t('auth.emailAlreadyRegistered')]);
      }
      throw err;
    }
  }
}

@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ body, meta }: LoginCommand): Promise<SessionOpened> {
    const window = this.config.RATE_LIMIT_WINDOW_SECONDS;
    // spec-free but expected: attempts are limited per address and per account.
    const perIp = await this.limiter.hit(`login:ip:${meta.visitor.ip}`, this.config.RATE_LIMIT_LOGIN_PER_IP, window);
    if (!perIp.allowed) throw new TooManyRequestsError(perIp.retryAfterSeconds);
    const accountKey = `login:account:${body.email}`;
    const failures = await this.limiter.peek(accountKey, this.config.RATE_LIMIT_LOGIN_PER_ACCOUNT);
    if (!failures.allowed) throw new TooManyRequestsError(failures.retryAfterSeconds);

    const em = this.db.em();
    const user = await em.findOne(User, { email: body.email, active: true });
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
    if (!user || !valid) {
      // After RATE_LIMIT_LOGIN_PER_ACCOUNT failures the account refuses logins until the window passes.
      await this.limiter.hit(accountKey, this.config.RATE_LIMIT_LOGIN_PER_ACCOUNT, window);
      throw new DomainError(401, ErrorCodes.INVALID_CREDENTIALS, [t('auth.invalidCredentials')]);
    }
    await this.limiter.reset(accountKey);
    return this.db.transactional(async (tem) => {
      const u = await tem.findOneOrFail(User, { id: user.id });
      u.lastLoginAt = new Date();
      const token = this.sessions.open(tem, u, meta.visitor.guestId, { ip: meta.visitor.ip, userAgent: meta.userAgent });
      recordEvent(
        tem,
        UserLoggedIn,
        { userId: u.id, sessionId: hashToken(token), guestId: meta.visitor.guestId },
        { aggregateId: u.id, actor: { kind: 'user', id: u.id } },
      );
      await tem.flush();
      return { user: toSessionUser(u), token };
    });
  }
}

@CommandHandler(CompleteSignUpCommand)
export class CompleteSignUpHandler implements ICommandHandler<CompleteSignUpCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ userId, body }: CompleteSignUpCommand): Promise<SessionUser> {
    const user = await this.db.transactional(async (em) => {
      const u = await em.findOne(User, { id: userId, active: true });
      if (!u) throw new NotFoundError();
      u.name = body.name;
      u.mobile = body.mobile;
      u.country = body.country;
      u.signUpCompleted = true;
      recordEvent(em, UserSignUpCompleted, { userId: u.id, country: u.country }, { aggregateId: u.id, actor: { kind: 'user', id: u.id } });
      await em.flush();
      return u;
    });
    this.sessions.forgetUser(userId);
    return toSessionUser(user);
  }
}
