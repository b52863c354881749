import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminUser } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { IdentityDB } from '../identity.database.js';
import { ADMIN_USER_COLUMNS, toAdminUser } from './admin-user-view.js';

export class GetUser extends Query<AdminUser> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetUser): Promise<AdminUser> {
    const row = await kysely<IdentityDB>(this.db.em())
      .selectFrom('User')
      .select(ADMIN_USER_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toAdminUser(row);
  }
}
