import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ErrorCodes, t, type AcceptInvitationBody } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { SessionsService, hashToken } from '../sessions/sessions.service.js';
import { hashPassword } from '../auth/password.js';
import { assertStrongPassword } from '../auth/password-policy.js';
import type { RequestMeta, SessionOpened } from '../auth/session-opened.js';
import { openNewAccount } from '../auth/open-new-account.js';
import { SellerInvitation } from './seller-invitation.entity.js';
import { SELLER_ROLES } from './invite-seller.command.js';

export class AcceptInvitation extends Command<SessionOpened> {
  constructor(
    readonly body: AcceptInvitationBody,
    readonly meta: RequestMeta,
  ) {
    super();
  }
}

const invalidInvitation = () => new DomainError(400, ErrorCodes.VERIFICATION_INVALID, [t('suppliers.invitationInvalid')]);
const alreadyRegistered = () => new DomainError(409, ErrorCodes.EMAIL_ALREADY_REGISTERED, [t('auth.emailAlreadyRegistered')]);

/**
 * The invitation link was opened and a password chosen: the seller account is created from the invitation,
 * with its store, and the person is logged in. A link works once and for INVITATION_DAYS days.
 */
@CommandHandler(AcceptInvitation)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitation> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
  ) {}

  async execute({ body, meta }: AcceptInvitation): Promise<SessionOpened> {
    const invitation = await this.db.em().findOne(SellerInvitation, { tokenHash: hashToken(body.token) });
    if (!invitation) throw invalidInvitation();
    assertStrongPassword(body.password, [invitation.name, invitation.email]);
    const passwordHash = await hashPassword(body.password);
    try {
      return await this.db.transactional(async (em) => {
        const now = this.clock.now();
        const row = await em.findOne(SellerInvitation, { id: invitation.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!row || row.usedAt || row.expiresAt <= now) throw invalidInvitation();
        if (await em.findOne(User, { email: row.email })) throw alreadyRegistered();
        row.usedAt = now;
        const opened = openNewAccount(
          em,
          this.sessions,
          {
            email: row.email,
            passwordHash,
            name: row.name,
            mobile: row.mobile ?? null,
            roles: [...SELLER_ROLES],
            country: row.country,
            storeId: row.storeId,
          },
          meta,
          now,
        );
        await em.flush();
        return opened;
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw alreadyRegistered();
      throw err;
    }
  }
}
