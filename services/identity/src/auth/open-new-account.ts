import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserLoggedIn, UserRegistered } from '@tuerca/contracts';
import { recordEvent } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { isSignUpComplete, toSessionUser } from '../users/user.rules.js';
import { hashToken, type SessionsService } from '../sessions/sessions.service.js';
import type { RequestMeta, SessionOpened } from './session-opened.js';

/** The account a confirmed link creates (registration or seller invitation). */
export interface NewAccount {
  email: string;
  passwordHash: string;
  name: string;
  mobile: string | null;
  roles: User['roles'];
  country: User['country'];
  storeId: string | null;
  /** The visitor who asked for the account, when the link may be opened in another browser. */
  guestId?: string | null;
}

/**
 * Creates the account of a confirmed link and logs the person in, in the caller's transaction: the user, its session,
 * UserRegistered and UserLoggedIn. The caller has checked the link and that the e-mail has no account yet.
 */
export function openNewAccount(
  em: EntityManager,
  sessions: SessionsService,
  account: NewAccount,
  meta: RequestMeta,
  now: Date,
): SessionOpened {
  const user = em.create(User, {
    id: randomUUID(),
    email: account.email,
    passwordHash: account.passwordHash,
    name: account.name,
    mobile: account.mobile,
    roles: account.roles,
    country: account.country,
    downloadPartsCatalog: false,
    signUpCompleted: false,
    storeId: account.storeId,
    active: true,
    createdAt: now,
    updatedAt: now,
    lastLoginAt: now,
  });
  user.signUpCompleted = isSignUpComplete(user);
  const token = sessions.open(em, user, meta.visitor.guestId, { ip: meta.visitor.ip, userAgent: meta.userAgent });
  const actor = { kind: 'user' as const, id: user.id };
  recordEvent(
    em,
    UserRegistered,
    {
      userId: user.id,
      email: user.email,
      mobile: user.mobile ?? null,
      roles: user.roles,
      signUpCompleted: user.signUpCompleted,
      guestId: account.guestId ?? meta.visitor.guestId,
    },
    { aggregateId: user.id, actor },
  );
  recordEvent(
    em,
    UserLoggedIn,
    { userId: user.id, sessionId: hashToken(token), guestId: meta.visitor.guestId },
    { aggregateId: user.id, actor },
  );
  return { user: toSessionUser(user), token };
}
