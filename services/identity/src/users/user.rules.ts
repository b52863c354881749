import type { SessionUser } from '@tuerca/contracts';
import type { User } from './user.entity.js';

/** The user as the consoles keep it (spec: id, isGuest, downloadPartsCatalog, email, mobile, ...). */
export function toSessionUser(u: User): SessionUser {
  return {
    id: u.id,
    isGuest: false,
    email: u.email,
    mobile: u.mobile ?? null,
    name: u.name ?? null,
    roles: [...u.roles],
    downloadPartsCatalog: u.downloadPartsCatalog,
    signUpCompleted: u.signUpCompleted,
    country: u.country,
    storeId: u.storeId ?? null,
  };
}

/** A guest as sessionControlData shows it: isGuest true, the visitor id, nothing personal. */
export function guestUser(guestId: string): SessionUser {
  return {
    id: guestId,
    isGuest: true,
    email: null,
    mobile: null,
    name: null,
    roles: [],
    downloadPartsCatalog: false,
    signUpCompleted: false,
    country: 'CO',
    storeId: null,
  };
}

/** A sign-up is complete once the person has a name, a mobile number (WhatsApp replies) and a country. */
export function isSignUpComplete(u: Pick<User, 'name' | 'mobile'>): boolean {
  return Boolean(u.name && u.name.trim().length >= 2 && u.mobile);
}

/** An operator may not take the operator role or the active flag away from their own account (they would lock themselves out). */
export function locksOutSelf(actorId: string, userId: string, next: { roles: readonly string[]; active: boolean }): boolean {
  return actorId === userId && (!next.roles.includes('operator') || !next.active);
}
