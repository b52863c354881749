import type { SessionUser } from '@tuerca/contracts';
import type { Visitor } from '@tuerca/platform';

/** A session a command opened: the person, and the token the cookie will carry. */
export interface SessionOpened {
  user: SessionUser;
  token: string;
}

/** What the request tells about who is asking, for the session row and the limits. */
export interface RequestMeta {
  visitor: Visitor;
  userAgent?: string;
}
