import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserSignUpCompleted, type CompleteSignUpBody, type SessionUser } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, recordEvent } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { toSessionUser } from '../users/user.rules.js';
import { SessionsService } from '../sessions/sessions.service.js';

export class CompleteSignUp extends Command<SessionUser> {
  constructor(
    readonly userId: string,
    readonly body: CompleteSignUpBody,
  ) {
    super();
  }
}

/** Name, mobile and country: what a person needs before quoting and buying. */
@CommandHandler(CompleteSignUp)
export class CompleteSignUpHandler implements ICommandHandler<CompleteSignUp> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ userId, body }: CompleteSignUp): Promise<SessionUser> {
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
    await this.sessions.personChanged(userId);
    return toSessionUser(user);
  }
}
