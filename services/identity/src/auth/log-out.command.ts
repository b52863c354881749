import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserLoggedOut, type SessionData } from '@tuerca/contracts';
import { ContextDatabase, recordEvent, type Visitor } from '@tuerca/platform';
import { guestUser } from '../users/user.rules.js';
import { Session } from '../sessions/session.entity.js';
import { SessionsService, hashToken } from '../sessions/sessions.service.js';

/** Ends the visitor's session; they go on as the guest they were before logging in. */
export class LogOut extends Command<SessionData> {
  constructor(readonly visitor: Visitor) {
    super();
  }
}

/**
 * Revokes the session row and records UserLoggedOut in one transaction, then marks the session ended for
 * every process before answering: from the next request on, no process honours the cookie (issue: a logout
 * took up to 5 s to reach the other processes).
 */
@CommandHandler(LogOut)
export class LogOutHandler implements ICommandHandler<LogOut> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ visitor }: LogOut): Promise<SessionData> {
    const token = visitor.sessionId;
    if (token) {
      await this.db.transactional(async (em) => {
        const revoked = await em.nativeUpdate(Session, { tokenHash: hashToken(token), revokedAt: null }, { revokedAt: new Date() });
        if (revoked > 0 && visitor.user)
          recordEvent(
            em,
            UserLoggedOut,
            { userId: visitor.user.id, sessionId: hashToken(token), guestId: visitor.guestId },
            { aggregateId: visitor.user.id, actor: { kind: 'user', id: visitor.user.id } },
          );
        await em.flush();
      });
      await this.sessions.ended(token);
    }
    return { user: guestUser(visitor.guestId), isGuest: true };
  }
}
