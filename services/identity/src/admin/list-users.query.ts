import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { AdminListQuery, AdminUser, AdminUserFilter, Role } from '@tuerca/contracts';
import { ContextDatabase, containsAny, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { IdentityDB } from '../identity.database.js';
import { ADMIN_USER_COLUMNS, toAdminUser } from './admin-user-view.js';

/** Fields the operator list may sort by (react-admin's `sort`), each mapped to its column. */
const SORTABLE = {
  id: 'id',
  email: 'email',
  name: 'name',
  country: 'country',
  active: 'active',
  signUpCompleted: 'sign_up_completed',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
};

export class ListUsers extends Query<{ rows: AdminUser[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: AdminUserFilter,
  ) {
    super();
  }
}

/** The operator console's accounts: exact filters, free text over e-mail, name and mobile, newest first by default. */
@QueryHandler(ListUsers)
export class ListUsersHandler implements IQueryHandler<ListUsers> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, filter: f }: ListUsers) {
    let q = kysely<IdentityDB>(this.db.em()).selectFrom('User').select(ADMIN_USER_COLUMNS);
    if (f.id) q = q.where((eb) => eb(eb.cast('id', 'text'), 'in', f.id!));
    if (f.q) q = q.where((eb) => containsAny(eb, ['email', 'name', 'mobile'], f.q!));
    if (f.role) q = q.where('roles', '@>', sql<Role[]>`array[${f.role}]::text[]`);
    if (f.country) q = q.where('country', '=', f.country);
    if (f.storeId) q = q.where('storeId', '=', f.storeId);
    if (f.active !== undefined) q = q.where('active', '=', f.active);
    if (f.signUpCompleted !== undefined) q = q.where('signUpCompleted', '=', f.signUpCompleted);
    if (f.downloadPartsCatalog !== undefined) q = q.where('downloadPartsCatalog', '=', f.downloadPartsCatalog);
    const page = await listPage(q, rangeWindow(query, f.id), {
      sort: query.sort,
      spec: { sortable: SORTABLE, fallback: { field: 'createdAt', order: 'DESC' } },
    });
    return { ...page, rows: page.rows.map(toAdminUser) };
  }
}
