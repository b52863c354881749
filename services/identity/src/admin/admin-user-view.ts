import type { AdminUser } from '@tuerca/contracts';
import type { User } from '../users/user.entity.js';

export const ADMIN_USER_COLUMNS = [
  'id',
  'email',
  'name',
  'mobile',
  'roles',
  'downloadPartsCatalog',
  'signUpCompleted',
  'country',
  'storeId',
  'active',
  'createdAt',
  'updatedAt',
  'lastLoginAt',
] as const;

type UserRow = Pick<User, (typeof ADMIN_USER_COLUMNS)[number]>;

/** An account as the operator console shows it (no password hash, dates as ISO text). */
export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name ?? null,
    mobile: u.mobile ?? null,
    roles: [...u.roles],
    downloadPartsCatalog: u.downloadPartsCatalog,
    signUpCompleted: u.signUpCompleted,
    country: u.country,
    storeId: u.storeId ?? null,
    active: u.active,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  };
}
