import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Address as AddressView, ListQuery } from '@tuerca/contracts';
import { ContextDatabase, kysely, listPage, pageWindow } from '@tuerca/platform';
import type { IdentityDB } from '../identity.database.js';
import { ADDRESS_COLUMNS, toAddressView } from './address.rules.js';

export class ListAddresses extends Query<{ rows: AddressView[]; total: number }> {
  constructor(
    readonly userId: string,
    readonly page: Pick<ListQuery, 'page' | 'pageSize'>,
  ) {
    super();
  }
}

/** A person's addresses: the default first, then the most recently changed. */
@QueryHandler(ListAddresses)
export class ListAddressesHandler implements IQueryHandler<ListAddresses> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId, page }: ListAddresses) {
    const q = kysely<IdentityDB>(this.db.em())
      .selectFrom('Address')
      .select(ADDRESS_COLUMNS)
      .where('user', '=', userId)
      .orderBy('isDefault', 'desc')
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc');
    const { rows, total } = await listPage(q, pageWindow(page));
    return { rows: rows.map(toAddressView), total };
  }
}
