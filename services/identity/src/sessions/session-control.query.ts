import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Visitor } from '@tuerca/platform';
import { sessionControl, type SessionControl } from './session.rules.js';

/** The visitor's session as the console re-checks it (the visitor was resolved from the cookie already). */
export class GetSessionControl extends Query<SessionControl> {
  constructor(
    readonly visitor: Visitor,
    readonly askedUserId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSessionControl)
export class GetSessionControlHandler implements IQueryHandler<GetSessionControl> {
  execute({ visitor, askedUserId }: GetSessionControl): Promise<SessionControl> {
    return Promise.resolve(sessionControl(visitor, askedUserId));
  }
}
