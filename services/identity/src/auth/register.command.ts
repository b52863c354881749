import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RegistrationOnExistingAccount, RegistrationRequested, type RegisterBody, type RegistrationSent } from '@tuerca/contracts';
import { APP_CONFIG, ContextDatabase, RateLimiter, TooManyRequestsError, recordEvent, type AppConfig } from '@tuerca/platform';
import { identityConfig, type IdentityConfig } from '../identity.config.js';
import { User } from '../users/user.entity.js';
import { hashToken } from '../sessions/sessions.service.js';
import { hashPassword } from './password.js';
import { assertStrongPassword } from './password-policy.js';
import { Registration } from './registration.entity.js';
import type { RequestMeta } from './session-opened.js';

const REGISTRATIONS_PER_IP = 10;
/** E-mails one address may receive from registrations per window (nobody floods a mailbox through us). */
const REGISTRATION_MAILS_PER_EMAIL = 3;
/** How long a registration link works. */
export const REGISTRATION_TTL_MS = 24 * 3600 * 1000;

export class Register extends Command<RegistrationSent> {
  constructor(
    readonly body: RegisterBody,
    readonly meta: RequestMeta,
  ) {
    super();
  }
}

/**
 * A person asks for an account. The answer is the same whether the e-mail is new or already has an
 * account (finding: registration revealed which e-mails exist): a new e-mail gets the link that creates the
 * account (`VerifyEmail`), an existing one gets a note to its owner. Both paths hash the password, so the
 * time taken does not tell them apart either.
 */
@CommandHandler(Register)
export class RegisterHandler implements ICommandHandler<Register> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(identityConfig.token) private readonly config: IdentityConfig,
  ) {}

  async execute({ body, meta }: Register): Promise<RegistrationSent> {
    const window = this.config.RATE_LIMIT_WINDOW_SECONDS;
    const perIp = await this.limiter.hit(`register:ip:${meta.visitor.ip}`, REGISTRATIONS_PER_IP, window);
    if (!perIp.allowed) throw new TooManyRequestsError(perIp.retryAfterSeconds);
    assertStrongPassword(body.password, [body.name, body.email]);
    const passwordHash = await hashPassword(body.password);
    const answer: RegistrationSent = { email: body.email, verificationSent: true };
    // Over the per-e-mail budget nothing more is sent, and the answer stays the same.
    const perEmail = await this.limiter.hit(`register:email:${body.email}`, REGISTRATION_MAILS_PER_EMAIL, window);
    if (!perEmail.allowed) return answer;

    const actor = { kind: 'guest' as const, id: meta.visitor.guestId };
    await this.db.transactional(async (em) => {
      const existing = await em.findOne(User, { email: body.email });
      if (existing) {
        recordEvent(
          em,
          RegistrationOnExistingAccount,
          { userId: existing.id, email: existing.email, loginUrl: `${this.app.PUBLIC_URL}/users/page/login` },
          { aggregateId: existing.id, actor },
        );
        return;
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + REGISTRATION_TTL_MS);
      const registration = em.create(Registration, {
        id: randomUUID(),
        tokenHash: hashToken(token),
        email: body.email,
        passwordHash,
        name: body.name,
        mobile: body.mobile ?? null,
        role: body.role,
        country: body.country,
        guestId: meta.visitor.guestId,
        createdAt: new Date(),
        expiresAt,
        usedAt: null,
      });
      recordEvent(
        em,
        RegistrationRequested,
        {
          registrationId: registration.id,
          email: body.email,
          name: body.name,
          verifyUrl: `${this.app.PUBLIC_URL}/users/page/verificar?token=${token}`,
          expiresAt: expiresAt.toISOString(),
        },
        { aggregateId: registration.id, actor },
      );
      await em.flush();
    });
    return answer;
  }
}
