import type { SessionData } from '@tuerca/contracts';
import type { Visitor } from '@tuerca/platform';
import { guestUser } from '../users/user.rules.js';

export interface SessionControl {
  session: SessionData;
  /** False when the console asks about a user id that is no longer this visitor's session. */
  sessionActive: boolean;
}

/**
 * spec 001 §7 Session: GET /core/sessionControlData/{userId or 0}; data holds the user and isGuest. The
 * console re-checks every 15 s; a session that is no longer active answers the guest with
 * `sessionActive: false`, and the console sends the person to /users/page/login.
 */
export function sessionControl(visitor: Pick<Visitor, 'user' | 'guestId'>, askedUserId: string): SessionControl {
  const asked = askedUserId !== '0';
  if (visitor.user) {
    return { session: { user: visitor.user, isGuest: false }, sessionActive: !asked || askedUserId === visitor.user.id };
  }
  return { session: { user: guestUser(visitor.guestId), isGuest: true }, sessionActive: !asked };
}
