import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ErrorCodes, UserRegistered, UserUpdated, t, type Actor, type AdminListQuery, type Role } from '@tuerca/contracts';
import {
  ContextDatabase,
  DomainError,
  NotFoundError,
  ValidationError,
  adminOrderBy,
  adminWindow,
  pgTextArray,
  recordEvent,
} from '@tuerca/platform';
import { hashPassword } from '../auth/password.js';
import { SessionsService } from '../sessions/sessions.service.js';
import type { AdminUser, AdminUserCreate, AdminUserFilter, AdminUserUpdate } from './admin-users.routes.js';

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  mobile: string | null;
  roles: Role[];
  download_parts_catalog: boolean;
  sign_up_completed: boolean;
  country: 'CO' | 'MX';
  store_id: string | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
}

const COLUMNS =
  'id, email, name, mobile, roles, download_parts_catalog, sign_up_completed, country, store_id, active, created_at, updated_at, last_login_at';

/** Sortable fields of the list (react-admin's `sort`), and their columns. */
const SORTABLE = {
  id: 'id',
  email: 'email',
  name: 'name',
  country: 'country',
  active: 'active',
  signUpCompleted: 'sign_up_completed',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
} as const;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toAdminUser(r: UserRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    mobile: r.mobile,
    roles: [...r.roles],
    downloadPartsCatalog: r.download_parts_catalog,
    signUpCompleted: r.sign_up_completed,
    country: r.country,
    storeId: r.store_id,
    active: r.active,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    lastLoginAt: iso(r.last_login_at),
  };
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function whereOf(f: AdminUserFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (f.id !== undefined) add('id::text = any(?::text[])', pgTextArray(Array.isArray(f.id) ? f.id : [f.id]));
  if (f.q) add(`(email ilike ? or name ilike ? or mobile ilike ?)`, like(f.q), like(f.q), like(f.q));
  if (f.role) add('roles @> array[?]::text[]', f.role);
  if (f.country) add('country = ?', f.country);
  if (f.storeId) add('store_id = ?', f.storeId);
  if (f.active !== undefined) add('active = ?', f.active);
  if (f.signUpCompleted !== undefined) add('sign_up_completed = ?', f.signUpCompleted);
  if (f.downloadPartsCatalog !== undefined) add('download_parts_catalog = ?', f.downloadPartsCatalog);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

/** People's accounts as the operator console reads and changes them (raw SQL on identity.users). */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
  ) {}

  async list(filter: AdminUserFilter, query: AdminListQuery): Promise<{ rows: AdminUser[]; total: number; start: number }> {
    const w = whereOf(filter);
    const order = adminOrderBy(query.sort, SORTABLE, { field: 'createdAt', order: 'DESC' });
    const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    const { limit, offset } = adminWindow(query, ids);
    const em = this.db.em();
    const [rows, count] = await Promise.all([
      em.execute<UserRow[]>(`select ${COLUMNS} from users ${w.sql} order by ${order} limit ? offset ?`, [...w.params, limit, offset]),
      em.execute<{ n: string }[]>(`select count(*) as n from users ${w.sql}`, w.params),
    ]);
    return { rows: rows.map(toAdminUser), total: Number(count[0]!.n), start: offset };
  }

  async get(id: string): Promise<AdminUser> {
    const rows = await this.db.em().execute<UserRow[]>(`select ${COLUMNS} from users where id = ?`, [id]);
    if (!rows[0]) throw new NotFoundError();
    return toAdminUser(rows[0]);
  }

  async create(input: AdminUserCreate, actor: Actor): Promise<AdminUser> {
    const passwordHash = await hashPassword(input.password);
    const signUpCompleted = Boolean(input.name && input.mobile);
    try {
      return await this.db.transactional(async (em) => {
        const rows = await em.execute<UserRow[]>(
          `insert into users (id, email, password_hash, name, mobile, roles, download_parts_catalog, sign_up_completed, country, store_id,
             active, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?::text[], ?, ?, ?, ?, true, now(), now()) returning ${COLUMNS}`,
          [
            randomUUID(),
            input.email,
            passwordHash,
            input.name,
            input.mobile ?? null,
            pgTextArray([...new Set(input.roles)]),
            input.downloadPartsCatalog,
            signUpCompleted,
            input.country,
            input.storeId ?? null,
          ],
        );
        const user = toAdminUser(rows[0]!);
        recordEvent(
          em,
          UserRegistered,
          { userId: user.id, email: user.email, mobile: user.mobile, roles: user.roles, signUpCompleted, guestId: null },
          { aggregateId: user.id, actor },
        );
        await em.flush();
        return user;
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException)
        throw new DomainError(409, ErrorCodes.EMAIL_ALREADY_REGISTERED, [t('auth.emailAlreadyRegistered')]);
      throw err;
    }
  }

  /** Roles, flags, store, sign-up state and active; an operator cannot lock themselves out. */
  async update(id: string, changes: AdminUserUpdate, actor: Actor): Promise<AdminUser> {
    const user = await this.db.transactional(async (em) => {
      const found = await em.execute<UserRow[]>(`select ${COLUMNS} from users where id = ? for update`, [id]);
      const current = found[0];
      if (!current) throw new NotFoundError();
      const roles = changes.roles ? [...new Set(changes.roles)] : current.roles;
      const active = changes.active ?? current.active;
      if (actor.id === id && (!roles.includes('operator') || !active)) throw new ValidationError([t('adminConsole.cannotChangeOwnAccess')]);
      const rows = await em.execute<UserRow[]>(
        `update users set name = ?, mobile = ?, roles = ?::text[], country = ?, download_parts_catalog = ?, sign_up_completed = ?,
           store_id = ?, active = ?, updated_at = now()
         where id = ? returning ${COLUMNS}`,
        [
          changes.name !== undefined ? changes.name : current.name,
          changes.mobile !== undefined ? changes.mobile : current.mobile,
          pgTextArray(roles),
          changes.country ?? current.country,
          changes.downloadPartsCatalog ?? current.download_parts_catalog,
          changes.signUpCompleted ?? current.sign_up_completed,
          changes.storeId !== undefined ? changes.storeId : current.store_id,
          active,
          id,
        ],
      );
      const next = toAdminUser(rows[0]!);
      recordEvent(
        em,
        UserUpdated,
        { userId: id, roles: next.roles, downloadPartsCatalog: next.downloadPartsCatalog, storeId: next.storeId, active: next.active },
        { aggregateId: id, actor },
      );
      await em.flush();
      return next;
    });
    // Sessions of this person pick up the new roles and flags at once (and end if the account was deactivated).
    this.sessions.forgetUser(id);
    return user;
  }
}
