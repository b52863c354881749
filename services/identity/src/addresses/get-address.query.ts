import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Address as AddressView } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { IdentityDB } from '../identity.database.js';
import { addressNotFound } from './address-errors.js';
import { ADDRESS_COLUMNS, toAddressView } from './address.rules.js';

/** One of the person's addresses; anybody else's is a 404. */
export class GetAddress extends Query<AddressView> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAddress)
export class GetAddressHandler implements IQueryHandler<GetAddress> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId, id }: GetAddress): Promise<AddressView> {
    const row = await kysely<IdentityDB>(this.db.em())
      .selectFrom('Address')
      .select(ADDRESS_COLUMNS)
      .where('id', '=', id)
      .where('user', '=', userId)
      .executeTakeFirst();
    if (!row) throw addressNotFound();
    return toAddressView(row);
  }
}
