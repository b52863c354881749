import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError, type ResolvedSession } from '@tuerca/platform';
import { SessionsService } from './sessions.service.js';

/** A session cookie's token → the person and their guest id; an ended, expired or unknown session is a 404. */
export class ResolveSession extends Query<ResolvedSession> {
  constructor(readonly token: string) {
    super();
  }
}

@QueryHandler(ResolveSession)
export class ResolveSessionHandler implements IQueryHandler<ResolveSession> {
  constructor(private readonly sessions: SessionsService) {}

  async execute({ token }: ResolveSession): Promise<ResolvedSession> {
    const session = await this.sessions.resolve(token);
    if (!session) throw new NotFoundError();
    return session;
  }
}
