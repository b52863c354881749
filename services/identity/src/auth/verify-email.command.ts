import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ErrorCodes, t, type VerifyEmailBody } from '@tuerca/contracts';
import { ContextDatabase, DomainError } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { SessionsService, hashToken } from '../sessions/sessions.service.js';
import { Registration } from './registration.entity.js';
import type { RequestMeta, SessionOpened } from './session-opened.js';
import { openNewAccount } from './open-new-account.js';

export class VerifyEmail extends Command<SessionOpened> {
  constructor(
    readonly body: VerifyEmailBody,
    readonly meta: RequestMeta,
  ) {
    super();
  }
}

const invalidLink = () => new DomainError(400, ErrorCodes.VERIFICATION_INVALID, [t('auth.verificationInvalid')]);
const alreadyRegistered = () => new DomainError(409, ErrorCodes.EMAIL_ALREADY_REGISTERED, [t('auth.emailAlreadyRegistered')]);

/**
 * The registration link was opened: the account is created from the waiting registration and the person is
 * logged in. A link works once and for 24 hours; opening it proves the person reads that mailbox, so from
 * here on saying that the e-mail already has an account reveals nothing new.
 */
@CommandHandler(VerifyEmail)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmail> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ body, meta }: VerifyEmail): Promise<SessionOpened> {
    try {
      return await this.db.transactional(async (em) => {
        const now = new Date();
        const registration = await em.findOne(Registration, { tokenHash: hashToken(body.token) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!registration || registration.usedAt || registration.expiresAt <= now) throw invalidLink();
        if (await em.findOne(User, { email: registration.email })) throw alreadyRegistered();
        registration.usedAt = now;
        const opened = openNewAccount(
          em,
          this.sessions,
          {
            email: registration.email,
            passwordHash: registration.passwordHash,
            name: registration.name,
            mobile: registration.mobile ?? null,
            roles: [registration.role],
            country: registration.country,
            storeId: null,
            // The visitor who registered (the link may be opened in another browser).
            guestId: registration.guestId,
          },
          meta,
          now,
        );
        await em.flush();
        return opened;
      });
    } catch (err) {
      // Two links of the same e-mail opened at once: the second finds the account taken.
      if (err instanceof UniqueConstraintViolationException) throw alreadyRegistered();
      throw err;
    }
  }
}
